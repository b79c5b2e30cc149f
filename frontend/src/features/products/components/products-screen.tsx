import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '@/components/ui/page-header';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { confirm } from '@/lib/confirm';
import { showError, showSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { plainFilterCodec, useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/get-products';
import { PRODUCT_SORT_FIELDS, PRODUCT_STATUSES, type Product } from '../api/types';
import { ProductFormDialog } from './product-form-dialog';
import { ProductsFilters, type ProductsFilterValues } from './products-filters';
import { ProductsTable } from './products-table';

const INITIAL_FILTERS: ProductsFilterValues = { keyword: '', status: '' };
const LIST = {
  codec: plainFilterCodec(INITIAL_FILTERS, { status: PRODUCT_STATUSES }),
  sortFields: PRODUCT_SORT_FIELDS,
};

/** The product stays while the dialog fades out, so its title does not flip. */
interface FormState {
  open: boolean;
  product: Product | null;
}

export function ProductsScreen() {
  const { filters, setFilters, page, pageProps, sort, setSort } = useListUrlState(LIST);
  const [form, setForm] = useState<FormState>({ open: false, product: null });
  const keyword = useDebouncedValue(filters.keyword.trim());
  const t = strings.products;

  const products = useProducts({
    ...page,
    keyword: keyword || undefined,
    status: filters.status || undefined,
    sortBy: sort?.sortBy,
    sortDir: sort?.sortDir,
  });
  const deleteProduct = useDeleteProduct();

  const onDelete = async (product: Product) => {
    const accepted = await confirm({
      title: t.messages.deleteTitle,
      message: t.messages.deleteConfirm(product.name),
      acceptLabel: t.actions.delete,
      rejectLabel: strings.common.cancel,
      destructive: true,
    });
    if (!accepted) return;
    deleteProduct.mutate(product.id, {
      onSuccess: () => showSuccess(t.messages.deleted(product.name)),
      onError: (error) => {
        if (isApiError(error, ERROR_CODES.productHasOrders))
          showError(t.messages.hasOrders, t.messages.hasOrdersTitle);
        else showError(error);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setForm({ open: true, product: null })}
            data-testid="product-create-button"
          >
            {t.create}
          </Button>
        }
      />
      <ProductsFilters value={filters} onChange={setFilters} />
      <ProductsTable
        data={products.data}
        isFetching={products.isFetching}
        error={products.error}
        onRetry={() => void products.refetch()}
        {...pageProps}
        sort={sort}
        onSortChange={setSort}
        onEdit={(product) => setForm({ open: true, product })}
        onDelete={(product) => void onDelete(product)}
      />
      <ProductFormDialog
        open={form.open}
        product={form.product}
        onClose={() => setForm((prev) => ({ ...prev, open: false }))}
      />
    </>
  );
}
