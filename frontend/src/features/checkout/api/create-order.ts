import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { QUERY_ROOTS } from '@/lib/api/query-keys';
import {
  checkoutEndpoints,
  IDEMPOTENCY_KEY_HEADER,
  type CreatedOrder,
  type CreateOrderPayload,
} from './types';

export interface CreateOrderVariables {
  payload: CreateOrderPayload;
  /**
   * One per opening of the buy dialog: a repeated submit (double click, a retry after a
   * lost answer) gets the same order back instead of a second one.
   */
  idempotencyKey: string;
}

/**
 * POST web Order/CreateOrder. Codes 400 (not enough stock), 401 (quantity), 402 (not on
 * sale), 405 (too many unpaid orders), 406 (key reused with another body), 500 (provider).
 */
export function createOrder({
  payload,
  idempotencyKey,
}: CreateOrderVariables): Promise<CreatedOrder> {
  return api.post<CreatedOrder>(checkoutEndpoints.createOrder, payload, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Codes were reserved: the storefront's stock levels may have changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.products] }),
  });
}
