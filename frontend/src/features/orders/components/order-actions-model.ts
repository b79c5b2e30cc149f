import { isOrderStatus, type OrderStatus } from '@/lib/order-status';

export const ORDER_ACTIONS = ['confirmPayment', 'cancel', 'replaceCodes', 'revealCodes', 'regenerateLink'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** api.md's Orders table: what staff may do in each status (the service answers 404 otherwise). */
const ACTIONS_BY_STATUS: Record<OrderStatus, readonly OrderAction[]> = {
  pending_payment: ['confirmPayment', 'cancel'],
  completed: ['replaceCodes', 'revealCodes', 'regenerateLink'],
  expired: ['confirmPayment'],
  cancelled: [],
  needs_attention: ['confirmPayment', 'cancel'],
};

export function allowedOrderActions(status: string): readonly OrderAction[] {
  return isOrderStatus(status) ? ACTIONS_BY_STATUS[status] : [];
}
