import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { orderEndpoints, ordersKeys, type AdminOrderDetail } from './types';

/** GET admin Order/Detail?id=. */
export function getOrder(id: string, signal?: AbortSignal): Promise<AdminOrderDetail> {
  return api.get<AdminOrderDetail>(orderEndpoints.detail, { id }, { signal });
}

export function getOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 5_000,
  });
}

export function useOrder(id: string) {
  return useQuery(getOrderQueryOptions(id));
}
