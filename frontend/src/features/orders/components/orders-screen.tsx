import { useMemo, useState } from 'react';
import { useProductOption } from '@/components/product-picker/get-product-option';
import type { ProductOption } from '@/components/product-picker/types';
import { PageHeader } from '@/components/ui/page-header';
import { vi } from '@/i18n/vi';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTablePage } from '@/lib/use-table-page';
import { useOrders } from '../api/get-orders';
import { OrdersFilters } from './orders-filters';
import { OrdersTable, type OrdersSort } from './orders-table';
import { rangeOfDays, useOrdersUrlState, type OrdersFilterValues } from './orders-url-state';

/** The back-office order list: server-side pages, filters kept in the URL, sortable columns. */
export function OrdersScreen() {
  const [filters, setFilters] = useOrdersUrlState();
  const { page, firstPage, pageProps } = useTablePage();
  const [sort, setSort] = useState<OrdersSort | null>(null);
  const keyword = useDebouncedValue(filters.keyword.trim());

  // The product chosen in the picker, or looked up by the `?productId=` of a link.
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const lookup = useProductOption(filters.productId && picked?.id !== filters.productId ? filters.productId : null);
  const product = useMemo((): ProductOption | null => {
    if (!filters.productId) return null;
    if (picked?.id === filters.productId) return picked;
    return lookup.data ?? { id: filters.productId, name: vi.orders.filters.productLoading };
  }, [filters.productId, picked, lookup.data]);

  const orders = useOrders({
    ...page,
    keyword: keyword || undefined,
    status: filters.status || undefined,
    paymentStatus: filters.paymentStatus || undefined,
    productId: filters.productId || undefined,
    ...rangeOfDays(filters.fromDay, filters.toDay),
    sortBy: sort?.sortBy,
    sortDir: sort?.sortDir,
  });

  const onFiltersChange = (next: OrdersFilterValues) => {
    setFilters(next);
    firstPage();
  };

  return (
    <>
      <PageHeader title={vi.orders.title} />
      <OrdersFilters
        value={filters}
        onChange={onFiltersChange}
        product={product}
        onProductChange={(next) => {
          setPicked(next);
          onFiltersChange({ ...filters, productId: next?.id ?? '' });
        }}
      />
      <OrdersTable
        data={orders.data}
        isFetching={orders.isFetching}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        {...pageProps}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          firstPage();
        }}
      />
    </>
  );
}
