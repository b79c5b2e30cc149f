import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { orderEndpoints, type AdminOrderDetail } from './types';
import { useOrderMutation } from './use-order-mutation';

export type ConfirmPaymentVariables = ApiSchema<'ManualPayment'> & {
  /** One per dialog opening: a repeated click records the payment once. */
  idempotencyKey: string;
};

/** POST admin Order/ConfirmPayment (pending, expired or needing attention; code 404 otherwise). */
export function confirmPayment({
  idempotencyKey,
  ...body
}: ConfirmPaymentVariables): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(orderEndpoints.confirmPayment, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useConfirmPayment() {
  return useOrderMutation(confirmPayment);
}
