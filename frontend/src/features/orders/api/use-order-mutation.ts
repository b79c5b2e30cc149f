import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

/**
 * An order action: afterwards the orders (lists, details, dashboard), the products' stock
 * and the serial codes are asked for again, since actions reserve, sell or release codes;
 * and the notification deliveries, since an action may e-mail the customer.
 */
export function useOrderMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.orders] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.products] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.serialCodes] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.notifications] }),
      ]),
  });
}
