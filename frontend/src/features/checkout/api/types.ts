import { QUERY_ROOTS } from '@/lib/query-keys';
import type { OrderStatus, PaymentInstruction, PaymentStatus } from '@/lib/order-status';

/** What the buy-now dialog needs of a product (the storefront's web view fits). */
export interface CheckoutProduct {
  id: string;
  name: string;
  price: number;
  imageUrl: string | null;
  minPerOrder: number;
  maxPerOrder: number;
}

/** An active payment provider, web view (ListPaymentProviders). */
export interface PaymentMethod {
  id: string;
  name: string;
  type: 'vietqr_bank' | 'manual' | (string & {});
  bankName?: string | null;
  logoUrl?: string | null;
  instructions?: string | null;
}

export interface CreateOrderPayload {
  items: { productId: string; quantity: number }[];
  email: string;
  phone: string | null;
  customerName: string | null;
  paymentProviderId: string;
}

export interface OrderCode {
  code: string;
  expiresAt?: string | null;
}

export interface CustomerOrderItem {
  productId: string;
  productName: string;
  imageUrl?: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** Only once the order is completed. */
  codes?: OrderCode[] | null;
}

/** The payment instruction snapshot taken at CreateOrder (shared with the back office). */
export type { PaymentInstruction };

/** Web order detail (api.md, Orders). */
export interface CustomerOrder {
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
  items: CustomerOrderItem[];
  total: number;
  paidAmount: number;
  payment: PaymentInstruction;
}

/** CreateOrder's answer: the order and its secret access token (shown once). */
export interface CreatedOrder extends CustomerOrder {
  accessToken: string;
}

/** OrderLookup: status, amounts and the payment instruction; never codes, never a token. */
export type OrderLookupResult = Pick<CustomerOrder, 'code' | 'status'> & Partial<Omit<CustomerOrder, 'code' | 'status'>>;

const ORDER_API = '/retailstore/api/web/v1/Order';

export const checkoutEndpoints = {
  paymentMethods: '/paymentprovider/api/web/v1/PaymentProvider/ListPaymentProviders',
  createOrder: `${ORDER_API}/CreateOrder`,
  orderDetail: `${ORDER_API}/OrderDetail`,
  orderLookup: `${ORDER_API}/OrderLookup`,
} as const;

export const ORDER_TOKEN_HEADER = 'X-Order-Token';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const checkoutKeys = {
  /** Under the providers root: a provider edited in the back office refreshes the choice. */
  paymentMethods: [QUERY_ROOTS.paymentProviders, 'web'] as const,
  order: (code: string, token: string) => ['customer-order', 'detail', code, token] as const,
  lookup: (code: string, email: string) => ['customer-order', 'lookup', code, email] as const,
};
