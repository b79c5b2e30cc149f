import { api } from '@/lib/api/client';
import { orderEndpoints, type AdminOrderDetail, type RecordRefundPayload } from './types';
import { useOrderMutation } from './use-order-mutation';

/**
 * POST admin Order/RecordRefund: records money given back outside the shop (nothing is
 * transferred). Up to what the order still holds (code 1 on `amount` above it; 404 when
 * nothing is refundable); a `needs_attention` order refunded in full becomes `cancelled`.
 */
export function recordRefund(body: RecordRefundPayload): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(orderEndpoints.recordRefund, body);
}

export function useRecordRefund() {
  return useOrderMutation(recordRefund);
}
