import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { QUERY_ROOTS } from '@/lib/api/query-keys';
import { transactionEndpoints, type PaymentTransaction } from './types';

/**
 * POST admin PaymentTransaction/Assign: an unmatched transfer applied to an order, once.
 * Code 404: not unmatched any more; 403: no such order; 8: the shop service is down, the
 * transfer waits as `pending` with that order code and the retry job applies it.
 */
export function assignTransaction(body: {
  id: string;
  orderCode: string;
}): Promise<PaymentTransaction> {
  return api.post<PaymentTransaction>(transactionEndpoints.assign, body);
}

export function useAssignTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTransaction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.paymentTransactions] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.orders] }),
      ]),
  });
}
