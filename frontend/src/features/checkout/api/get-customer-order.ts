import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { isFinalOrderStatus } from '@/lib/order-status';
import { checkoutEndpoints, checkoutKeys, ORDER_TOKEN_HEADER, type CustomerOrder } from './types';

/** While the order can still change, the page asks again this often. */
export const ORDER_POLL_INTERVAL_MS = 5000;

/**
 * GET web Order/OrderDetail?code=, the secret token in the `X-Order-Token` header (never
 * in the URL's query: that would land in access logs). A wrong token answers code 403.
 */
export function getCustomerOrder(
  code: string,
  token: string,
  signal?: AbortSignal,
): Promise<CustomerOrder> {
  return api.get<CustomerOrder>(
    checkoutEndpoints.orderDetail,
    { code },
    { signal, headers: { [ORDER_TOKEN_HEADER]: token } },
  );
}

export function getCustomerOrderQueryOptions(code: string, token: string) {
  return queryOptions({
    queryKey: checkoutKeys.order(code, token),
    queryFn: ({ signal }) => getCustomerOrder(code, token, signal),
    staleTime: 0,
    // Polls every 5 s until the status is final (or the server said no such order).
    refetchInterval: (query) => {
      if (query.state.error instanceof ApiError) return false;
      return isFinalOrderStatus(query.state.data?.status) ? false : ORDER_POLL_INTERVAL_MS;
    },
    // Back from the banking app: ask at once.
    refetchOnWindowFocus: (query) => !isFinalOrderStatus(query.state.data?.status),
  });
}

export function useCustomerOrder(code: string, token: string) {
  return useQuery(getCustomerOrderQueryOptions(code, token));
}
