import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '@/components/ui/page-header';
import type { Product, ProductPayload } from '@/features/products/api/types';
import { ProductsTable, type ProductsSort } from '@/features/products/components/products-table';
import { strings } from '@/i18n/vi';
import { templatePages, uikit } from '@/i18n/vi/guide';
import { confirm } from '@/lib/confirm';
import { showSuccess } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTablePage } from '@/lib/hooks/use-table-page';
import { pageOf, sampleProducts } from '../uikit/sample-data';
import { CrudFormDialog } from './crud-form-dialog';

/** Ids of rows added in this visit. */
let nextId = 0;

interface FormState {
  open: boolean;
  product: Product | null;
}

/** Applies a saved form to the in-memory list: a new row first, or the edited row in place. */
function saved(
  list: Product[],
  payload: ProductPayload,
  editing: Product | null,
): { list: Product[]; product: Product } {
  const now = new Date().toISOString();
  if (editing) {
    const product: Product = {
      ...editing,
      ...payload,
      slug: payload.slug ?? editing.slug,
      updatedAt: now,
    };
    return { list: list.map((row) => (row.id === editing.id ? product : row)), product };
  }
  const product: Product = {
    ...payload,
    id: `sample-${(nextId += 1)}`,
    slug: payload.slug ?? `san-pham-${list.length + 1}`,
    stock: { available: 0, reserved: 0, sold: 0 },
    createdAt: now,
    updatedAt: now,
  };
  return { list: [product, ...list], product };
}

/**
 * `/pages/crud`: the reference pattern of a management screen (table, form dialog,
 * confirm before delete, toasts) over a sample list kept in the browser.
 */
export function CrudPage() {
  const t = strings.products;
  useDocumentTitle(templatePages.crud.title);
  const [rows, setRows] = useState(() => sampleProducts(8));
  const [form, setForm] = useState<FormState>({ open: false, product: null });
  const [sort, setSort] = useState<ProductsSort | null>(null);
  const { page, firstPage, pageProps } = useTablePage();

  const onSave = (payload: ProductPayload) => {
    const result = saved(rows, payload, form.product);
    setRows(result.list);
    showSuccess((form.product ? t.messages.updated : t.messages.created)(result.product.name));
    setForm((prev) => ({ ...prev, open: false }));
  };

  const onDelete = async (product: Product) => {
    const accepted = await confirm({
      title: t.messages.deleteTitle,
      message: t.messages.deleteConfirm(product.name),
      acceptLabel: t.actions.delete,
      rejectLabel: strings.common.cancel,
      destructive: true,
    });
    if (!accepted) return;
    setRows((list) => list.filter((row) => row.id !== product.id));
    showSuccess(t.messages.deleted(product.name));
  };

  return (
    <div data-testid="page-crud">
      <PageHeader
        title={templatePages.crud.title}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setForm({ open: true, product: null })}
            data-testid="crud-create"
          >
            {t.create}
          </Button>
        }
      />
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="sample-data-badge">
        <AlertTitle>{uikit.sample}</AlertTitle>
        {templatePages.crud.intro}
      </Alert>
      <ProductsTable
        data={pageOf(rows, { ...page, sort })}
        isFetching={false}
        error={null}
        onRetry={() => undefined}
        {...pageProps}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          firstPage();
        }}
        onEdit={(product) => setForm({ open: true, product })}
        onDelete={(product) => void onDelete(product)}
      />
      <CrudFormDialog
        open={form.open}
        product={form.product}
        onClose={() => setForm((prev) => ({ ...prev, open: false }))}
        onSave={onSave}
      />
    </div>
  );
}
