import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import { PageHeader } from '@/components/ui/page-header';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { confirm } from '@/lib/confirm';
import { showError, showSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { plainFilterCodec, useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useDeleteSerialCode } from '../api/delete-serial-code';
import { useProductOption } from '@/components/product-picker/get-product-option';
import { useSerialCodes } from '../api/get-serial-codes';
import { useRevealSerialCode } from '../api/reveal-serial-code';
import { SERIAL_CODE_STATUSES, type ProductOption, type SerialCode } from '../api/types';
import { SerialCodeEditDialog } from './serial-code-edit-dialog';
import { SerialCodeImportDialog } from './serial-code-import-dialog';
import { SerialCodeRevealDialog, type RevealedCode } from './serial-code-reveal-dialog';
import { SerialCodesFilters, type SerialCodesFilterValues } from './serial-codes-filters';
import { SerialCodesTable } from './serial-codes-table';

// `productId` too lives in the URL, so the products screen can link here. The keyword
// does not: it may be a serial code in clear, which must never land in browser history.
const INITIAL_FILTERS: Omit<SerialCodesFilterValues, 'keyword'> & { productId: string } = {
  status: '',
  productId: '',
};
const LIST = { codec: plainFilterCodec(INITIAL_FILTERS, { status: SERIAL_CODE_STATUSES }) };

/** The product of the `productId` filter: the one picked, else looked up by id. */
function useFilterProduct(productId: string | null) {
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const lookup = useProductOption(picked?.id === productId ? null : productId);
  const product = useMemo((): ProductOption | null => {
    if (!productId) return null;
    if (picked?.id === productId) return picked;
    if (lookup.data) return lookup.data;
    return { id: productId, name: lookup.isError ? productId : strings.app.loading };
  }, [productId, picked, lookup.data, lookup.isError]);
  return { product, setPicked };
}

export function SerialCodesScreen() {
  const t = strings.serialCodes;
  const { filters, setFilters, page, pageProps } = useListUrlState(LIST);
  const productId = filters.productId.trim() || null;
  const { product, setPicked } = useFilterProduct(productId);
  const [importing, setImporting] = useState(false);
  // A fresh import form on every opening.
  const [importRun, setImportRun] = useState(0);
  const [editing, setEditing] = useState<SerialCode | null>(null);
  const [revealed, setRevealed] = useState<RevealedCode | null>(null);
  const [keywordInput, setKeywordInput] = useState('');
  const keyword = useDebouncedValue(keywordInput.trim());

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
      rejectLabel: strings.common.cancel,
    });
    if (!accepted) return;
    reveal.mutate(code.id, {
      onSuccess: (result) =>
        setRevealed({
          code: result.code,
          maskedCode: code.maskedCode,
          productName: code.productName,
        }),
      onError: (error) => showError(error),
    });
  };

  const onDelete = async (code: SerialCode) => {
    const accepted = await confirm({
      title: t.messages.deleteTitle,
      message: t.messages.deleteConfirm(code.maskedCode),
      acceptLabel: t.actions.delete,
      rejectLabel: strings.common.cancel,
      destructive: true,
    });
    if (!accepted) return;
    deleteCode.mutate(code.id, {
      onSuccess: () => showSuccess(t.messages.deleted),
      onError: (error) =>
        isApiError(error, ERROR_CODES.serialCodeLocked) ? showLocked() : showError(error),
    });
  };

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button
            variant="contained"
            startIcon={<PlaylistAddOutlined />}
            onClick={() => {
              setImportRun((run) => run + 1);
              setImporting(true);
            }}
            data-testid="serial-codes-import-button"
          >
            {t.import}
          </Button>
        }
      />
      <SerialCodesFilters
        product={product}
        onProductChange={(next) => {
          setPicked(next);
          setFilters({ ...filters, productId: next?.id ?? '' });
        }}
        value={{ ...filters, keyword: keywordInput }}
        onChange={({ keyword: nextKeyword, status }) => {
          if (nextKeyword !== keywordInput) {
            setKeywordInput(nextKeyword);
            pageProps.onPageChange(1);
          }
          if (status !== filters.status) setFilters({ ...filters, status });
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
      <SerialCodeImportDialog
        key={importRun}
        open={importing}
        product={product}
        onClose={() => setImporting(false)}
      />
      <SerialCodeEditDialog code={editing} onClose={() => setEditing(null)} />
      <SerialCodeRevealDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}
