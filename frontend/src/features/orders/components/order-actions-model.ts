import { isOrderStatus, type OrderStatus } from '@/lib/order-status';
import type { AdminOrderDetail } from '../api/types';

export const ORDER_ACTIONS = [
  'confirmPayment',
  'deliver',
  'recordRefund',
  'cancel',
  'replaceCodes',
  'revealCodes',
  'regenerateLink',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The order states (docs/buying-flow.md): what staff may do in each status (the service answers 404 otherwise). */
const ACTIONS_BY_STATUS: Record<OrderStatus, readonly OrderAction[]> = {
  pending_payment: ['confirmPayment', 'cancel'],
  completed: ['replaceCodes', 'revealCodes', 'regenerateLink', 'recordRefund'],
  expired: ['confirmPayment', 'cancel'],
  cancelled: [],
  needs_attention: ['confirmPayment', 'deliver', 'recordRefund', 'cancel'],
};

/** The order's money, as the service weighs Deliver and RecordRefund. */
export type OrderMoney = Pick<
  AdminOrderDetail,
  'status' | 'total' | 'paidAmount' | 'refundedAmount'
>;

/**
 * What RecordRefund may still record (the service's own rule): a `needs_attention` order's
 * payments less earlier refunds; a `completed` one's overpayment only; nothing otherwise.
 */
export function refundableAmount({
  status,
  total,
  paidAmount,
  refundedAmount,
}: OrderMoney): number {
  const held = paidAmount - refundedAmount;
  if (status === 'needs_attention') return Math.max(0, held);
  if (status === 'completed') return Math.max(0, held - total);
  return 0;
}

/**
 * The actions for an order: its status decides, and its money too — Deliver only when
 * the payments (less refunds) cover the total, RecordRefund only while something is left
 * to refund (the service answers 404 otherwise).
 */
export function allowedOrderActions(order: OrderMoney): readonly OrderAction[] {
  if (!isOrderStatus(order.status)) return [];
  return ACTIONS_BY_STATUS[order.status].filter((action) => {
    if (action === 'deliver') return order.paidAmount - order.refundedAmount >= order.total;
    if (action === 'recordRefund') return refundableAmount(order) > 0;
    return true;
  });
}
