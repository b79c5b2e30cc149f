import { QUERY_ROOTS } from '@/lib/query-keys';
import type { OrderStatus, PaymentInstruction, PaymentStatus } from '@/lib/order-status';

/** An order in the back-office list (admin Order/Pagination). */
export interface OrderListItem {
  id: string;
  code: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  customerName: string | null;
  email: string;
  phone: string | null;
  total: number;
  paidAmount: number;
  itemCount: number;
  providerName: string | null;
  createdAt: string;
  paidAt: string | null;
}

export const ORDER_SORT_FIELDS = ['createdAt', 'total', 'paidAt'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export interface AdminOrderCode {
  id: string;
  maskedCode: string;
  status: string;
  /** Delivered free by ReplaceCodes. */
  replacement: boolean;
  /** Replaced by a newer code (no longer shown to the customer). */
  replaced?: boolean;
}

export interface AdminOrderItem {
  id: string;
  productId: string;
  productName: string;
  imageUrl?: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  codes: AdminOrderCode[];
}

export type AdminPaymentInstruction = PaymentInstruction;

export interface AdminOrderPayment {
  transactionId: string;
  amount: number;
  paidAt: string;
  /** `webhook` (a bank transfer) or `manual` (staff). */
  source: string;
  actor?: string | null;
  note?: string | null;
  /** A manual payment later recognised in a bank transfer: that transfer's id. */
  linkedTransactionId?: string | null;
}

export interface AdminOrderEvent {
  at: string;
  type: string;
  message: string;
  actor?: string | null;
}

/** admin Order/Detail: the web order detail plus what staff need. */
export interface AdminOrderDetail {
  id: string;
  code: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: string;
  expiresAt: string;
  paidAt?: string | null;
  completedAt?: string | null;
  customerName?: string | null;
  email: string;
  phone?: string | null;
  note?: string | null;
  cancelReason?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  items: AdminOrderItem[];
  total: number;
  paidAmount: number;
  payment: AdminPaymentInstruction;
  payments: AdminOrderPayment[];
  events: AdminOrderEvent[];
}

/** One code in clear from RevealCodes (audited). */
export interface RevealedCode {
  id: string | null;
  code: string;
  productName: string | null;
  maskedCode: string | null;
  replacement: boolean;
  replaced: boolean;
}

const ORDER_API = '/retailstore/api/admin/v1/Order';

export const orderEndpoints = {
  pagination: `${ORDER_API}/Pagination`,
  detail: `${ORDER_API}/Detail`,
  confirmPayment: `${ORDER_API}/ConfirmPayment`,
  cancel: `${ORDER_API}/Cancel`,
  replaceCodes: `${ORDER_API}/ReplaceCodes`,
  revealCodes: `${ORDER_API}/RevealCodes`,
  regenerateAccessLink: `${ORDER_API}/RegenerateAccessLink`,
} as const;

/** Under the orders root: every order action refreshes lists, details and the dashboard. */
export const ordersKeys = {
  all: [QUERY_ROOTS.orders] as const,
  list: (params: object) => [QUERY_ROOTS.orders, 'list', params] as const,
  detail: (id: string) => [QUERY_ROOTS.orders, 'detail', id] as const,
};
