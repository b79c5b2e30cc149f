import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paginated } from '@/lib/api-types';
import type { OrderStatus, PaymentStatus } from '@/lib/order-status';
import { orderEndpoints, ordersKeys, type OrderListItem, type OrderSortField, type SortDirection } from './types';

export interface GetOrdersParams {
  pageIndex: number;
  pageSize: number;
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
export function getOrders(params: GetOrdersParams, signal?: AbortSignal): Promise<Paginated<OrderListItem>> {
  return api.get<Paginated<OrderListItem>>(orderEndpoints.pagination, { ...params }, { signal });
}

export function getOrdersQueryOptions(params: GetOrdersParams) {
  return queryOptions({
    queryKey: ordersKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useOrders(params: GetOrdersParams) {
  return useQuery(getOrdersQueryOptions(params));
}
