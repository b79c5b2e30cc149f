import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import type { PaymentInstruction } from '@/lib/order-status';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

/** An order in the back-office list (admin Order/Pagination). */
export type OrderListItem = ApiSchema<'OrderListItem'>;

export const ORDER_SORT_FIELDS = ['createdAt', 'total', 'paidAt'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

/** A code of an order item, masked; `replacement`: delivered free by ReplaceCodes, `replaced`: no longer shown to the customer. */
export type AdminOrderCode = ApiSchema<'AdminOrderCode'>;
export type AdminOrderItem = ApiSchema<'AdminOrderItem'>;
export type AdminPaymentInstruction = PaymentInstruction;
/** A payment: `webhook` (a bank transfer) or `manual` (staff); `linkedTransactionId`, the transfer a manual payment was later recognised in. */
export type AdminOrderPayment = ApiSchema<'OrderPayment'>;
export type AdminOrderEvent = ApiSchema<'OrderEvent'>;

/** One notification of the order, as system's deliveries list it (`recipient` masked). */
export type AdminOrderNotification = ApiSchema<'OrderNotification'>;

/**
 * admin Order/Detail: the web order detail plus what staff need; `notifications` only
 * on Detail (empty when system did not answer), not on the actions' answers.
 */
export type AdminOrderDetail = ApiSchema<'AdminOrder'>;

/** RegenerateAccessLink's body: `sendEmail` also e-mails the new link to the order's address. */
export type RegenerateAccessLinkPayload = ApiSchema<'OrderRegenerateAccessLink'>;

/** Deliver's body: staff's decision to hand out a `needs_attention` order's codes; `note` says why. */
export type DeliverOrderPayload = ApiSchema<'OrderDeliver'>;

/** RecordRefund's body: money given back outside the shop (`amount` VND), and how. */
export type RecordRefundPayload = ApiSchema<'OrderRecordRefund'>;

/** One code in clear from RevealCodes (audited). */
export interface RevealedCode {
  id: string | null;
  code: string;
  productName: string | null;
  maskedCode: string | null;
  /** A card's serial, when it has one (not secret). */
  serial: string | null;
  replacement: boolean;
  replaced: boolean;
}

const ORDER_API = '/retailstore/api/admin/v1/Order';

export const orderEndpoints = {
  pagination: `${ORDER_API}/Pagination`,
  detail: `${ORDER_API}/Detail`,
  confirmPayment: `${ORDER_API}/ConfirmPayment`,
  cancel: `${ORDER_API}/Cancel`,
  deliver: `${ORDER_API}/Deliver`,
  recordRefund: `${ORDER_API}/RecordRefund`,
  replaceCodes: `${ORDER_API}/ReplaceCodes`,
  revealCodes: `${ORDER_API}/RevealCodes`,
  regenerateAccessLink: `${ORDER_API}/RegenerateAccessLink`,
} as const satisfies Record<string, ApiPath>;

/** Under the orders root: every order action refreshes lists, details and the dashboard. */
export const ordersKeys = {
  all: [QUERY_ROOTS.orders] as const,
  list: (params: object) => [QUERY_ROOTS.orders, 'list', params] as const,
  detail: (id: string) => [QUERY_ROOTS.orders, 'detail', id] as const,
};
