import { useMemo, useState } from 'react';
import { useProductOption } from '@/components/product-picker/get-product-option';
import type { ProductOption } from '@/components/product-picker/types';
import { PageHeader } from '@/components/ui/page-header';
import { strings } from '@/i18n/vi';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useOrders } from '../api/get-orders';
import { ORDER_SORT_FIELDS } from '../api/types';
import { OrdersFilters } from './orders-filters';
import { OrdersTable } from './orders-table';
import { ordersFilterCodec, rangeOfDays } from './orders-url-state';

const LIST = { codec: ordersFilterCodec, sortFields: ORDER_SORT_FIELDS };

/** The back-office order list: server-side pages; filters, page and sort kept in the URL. */
export function OrdersScreen() {
  const { filters, setFilters, page, pageProps, sort, setSort } = useListUrlState(LIST);
  const keyword = useDebouncedValue(filters.keyword.trim());

  // The product chosen in the picker, or looked up by the `?productId=` of a link.
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const lookup = useProductOption(
    filters.productId && picked?.id !== filters.productId ? filters.productId : null,
  );
  const product = useMemo((): ProductOption | null => {
    if (!filters.productId) return null;
    if (picked?.id === filters.productId) return picked;
    return lookup.data ?? { id: filters.productId, name: strings.orders.filters.productLoading };
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

  return (
    <>
      <PageHeader title={strings.orders.title} />
      <OrdersFilters
        value={filters}
        onChange={setFilters}
        product={product}
        onProductChange={(next) => {
          setPicked(next);
          setFilters({ ...filters, productId: next?.id ?? '' });
        }}
      />
      <OrdersTable
        data={orders.data}
        isFetching={orders.isFetching}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        {...pageProps}
        sort={sort}
        onSortChange={setSort}
      />
    </>
  );
}
