import { useQuery } from '@tanstack/react-query';
import { pagedListQueryOptions, type PageParams } from '@/lib/api/paged-list-query';
import type { OrderStatus, PaymentStatus } from '@/lib/order-status';
import {
  orderEndpoints,
  ordersKeys,
  type OrderListItem,
  type OrderSortField,
  type SortDirection,
} from './types';

export interface GetOrdersParams extends PageParams {
  /** Order code, email or phone. */
  keyword?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  productId?: string;
  /** RFC 3339 instants, half-open `[from, to)`. */
  from?: string;
  to?: string;
  sortBy?: OrderSortField;
  sortDir?: SortDirection;
}

/** GET admin Order/Pagination. */
export function useOrders(params: GetOrdersParams) {
  return useQuery(
    pagedListQueryOptions<OrderListItem>(
      ordersKeys.list(params),
      orderEndpoints.pagination,
      params,
      { staleTime: 10_000 },
    ),
  );
}
