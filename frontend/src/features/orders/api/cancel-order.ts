import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { orderEndpoints, type AdminOrderDetail } from './types';
import { useOrderMutation } from './use-order-mutation';

/** POST admin Order/Cancel: reserved codes return to stock. */
export function cancelOrder(body: ApiSchema<'OrderCancel'>): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(orderEndpoints.cancel, body);
}

export function useCancelOrder() {
  return useOrderMutation(cancelOrder);
}
