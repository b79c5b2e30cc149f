import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { vi } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api-errors';
import { confirm } from '@/lib/confirm';
import { showError, showSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTablePage } from '@/lib/use-table-page';
import { useDeleteSerialCode } from '../api/delete-serial-code';
import { useProductOption } from '@/components/product-picker/get-product-option';
import { useSerialCodes } from '../api/get-serial-codes';
import { useRevealSerialCode } from '../api/reveal-serial-code';
import type { ProductOption, SerialCode } from '../api/types';
import { SerialCodeEditDialog } from './serial-code-edit-dialog';
import { SerialCodeImportDialog } from './serial-code-import-dialog';
import { SerialCodeRevealDialog, type RevealedCode } from './serial-code-reveal-dialog';
import { SerialCodesFilters, type SerialCodesFilterValues } from './serial-codes-filters';
import { SerialCodesTable } from './serial-codes-table';

const INITIAL_FILTERS: SerialCodesFilterValues = { keyword: '', status: '' };
const PRODUCT_PARAM = 'productId';

/** The product filter lives in the URL (`?productId=`), so the products screen can link here. */
function useProductFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const productId = searchParams.get(PRODUCT_PARAM)?.trim() || null;
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const lookup = useProductOption(picked?.id === productId ? null : productId);

  const product = useMemo((): ProductOption | null => {
    if (!productId) return null;
    if (picked?.id === productId) return picked;
    if (lookup.data) return lookup.data;
    return { id: productId, name: lookup.isError ? productId : vi.app.loading };
  }, [productId, picked, lookup.data, lookup.isError]);

  const setProduct = (next: ProductOption | null) => {
    setPicked(next);
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set(PRODUCT_PARAM, next.id);
        else params.delete(PRODUCT_PARAM);
        return params;
      },
      { replace: true },
    );
  };

  return { productId, product, setProduct };
}

export function SerialCodesScreen() {
  const t = vi.serialCodes;
  const { productId, product, setProduct } = useProductFilter();
  const [filters, setFilters] = useState(INITIAL_FILTERS);
  const { page, firstPage, pageProps } = useTablePage();
  const [importing, setImporting] = useState(false);
  // A fresh import form on every opening.
  const [importRun, setImportRun] = useState(0);
  const [editing, setEditing] = useState<SerialCode | null>(null);
  const [revealed, setRevealed] = useState<RevealedCode | null>(null);
  const keyword = useDebouncedValue(filters.keyword.trim());

  const codes = useSerialCodes({
    ...page,
    productId: productId ?? undefined,
    status: filters.status || undefined,
    keyword: keyword || undefined,
  });
  const deleteCode = useDeleteSerialCode();
  const reveal = useRevealSerialCode();

  const showLocked = () => showError(t.messages.locked, t.messages.lockedTitle);

  const onReveal = async (code: SerialCode) => {
    const accepted = await confirm({
      title: t.reveal.confirmTitle,
      message: t.reveal.confirmMessage(code.maskedCode),
      acceptLabel: t.reveal.accept,
      rejectLabel: vi.common.cancel,
    });
    if (!accepted) return;
    reveal.mutate(code.id, {
      onSuccess: (result) => setRevealed({ code: result.code, maskedCode: code.maskedCode, productName: code.productName }),
      onError: (error) => showError(error),
    });
  };

  const onDelete = async (code: SerialCode) => {
    const accepted = await confirm({
      title: t.messages.deleteTitle,
      message: t.messages.deleteConfirm(code.maskedCode),
      acceptLabel: t.actions.delete,
      rejectLabel: vi.common.cancel,
      destructive: true,
    });
    if (!accepted) return;
    deleteCode.mutate(code.id, {
      onSuccess: () => showSuccess(t.messages.deleted),
      onError: (error) => (isApiError(error, ERROR_CODES.serialCodeLocked) ? showLocked() : showError(error)),
    });
  };

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button variant="contained" startIcon={<PlaylistAddOutlined />} onClick={() => {
              setImportRun((run) => run + 1);
              setImporting(true);
            }} data-testid="serial-codes-import-button">
            {t.import}
          </Button>
        }
      />
      <SerialCodesFilters
        product={product}
        onProductChange={(next) => {
          setProduct(next);
          firstPage();
        }}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          firstPage();
        }}
      />
      <SerialCodesTable
        data={codes.data}
        isFetching={codes.isFetching}
        error={codes.error}
        onRetry={() => void codes.refetch()}
        {...pageProps}
        onReveal={(code) => void onReveal(code)}
        onEdit={setEditing}
        onDelete={(code) => void onDelete(code)}
      />
      <SerialCodeImportDialog key={importRun} open={importing} product={product} onClose={() => setImporting(false)} />
      <SerialCodeEditDialog code={editing} onClose={() => setEditing(null)} />
      <SerialCodeRevealDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}
