import { api } from '@/lib/api/client';
import { orderEndpoints, type AdminOrderDetail, type DeliverOrderPayload } from './types';
import { useOrderMutation } from './use-order-mutation';

/**
 * POST admin Order/Deliver: a `needs_attention` order whose payments (less refunds) cover
 * its total gets its missing codes from stock, all sold, and completes; the customer is
 * e-mailed. Code 400 (details naming the lines) when stock cannot cover it; 404 for
 * another status or money short of the total.
 */
export function deliverOrder(body: DeliverOrderPayload): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(orderEndpoints.deliver, body);
}

export function useDeliverOrder() {
  return useOrderMutation(deliverOrder);
}
