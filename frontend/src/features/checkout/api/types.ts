import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import type { PaymentInstruction } from '@/lib/order-status';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

/** What the buy-now dialog needs of a product (the storefront's web view fits). */
export type CheckoutProduct = Pick<
  ApiSchema<'ProductWeb'>,
  'id' | 'name' | 'price' | 'imageUrl' | 'minPerOrder' | 'maxPerOrder'
>;

/** An active payment provider, web view (ListPaymentProviders). */
export type PaymentMethod = ApiSchema<'ProviderPublic'>;

export type CreateOrderPayload = ApiSchema<'OrderCreate'>;

export type OrderCode = ApiSchema<'WebOrderCode'>;

/** An order line; `codes` only once the order is completed. */
export type CustomerOrderItem = ApiSchema<'WebOrderItem'>;

/** The payment instruction snapshot taken at CreateOrder (shared with the back office). */
export type { PaymentInstruction };

/** Web order detail. */
export type CustomerOrder = ApiSchema<'WebOrder'>;

/** CreateOrder's answer: the order and its secret access token (shown once). */
export type CreatedOrder = ApiSchema<'WebOrderCreated'>;

/** OrderLookup: status, amounts and the payment instruction; never codes, never a token. */
export type OrderLookupResult = ApiSchema<'OrderLookup'>;

const ORDER_API = '/retailstore/api/web/v1/Order';

export const checkoutEndpoints = {
  paymentMethods: '/paymentprovider/api/web/v1/PaymentProvider/ListPaymentProviders',
  createOrder: `${ORDER_API}/CreateOrder`,
  orderDetail: `${ORDER_API}/OrderDetail`,
  orderLookup: `${ORDER_API}/OrderLookup`,
  resendAccessLink: `${ORDER_API}/ResendAccessLink`,
} as const satisfies Record<string, ApiPath>;

/** web Order/ResendAccessLink: the same answer whether or not the pair matched an order (no enumeration). */
export type ResendAccessLinkPayload = ApiSchema<'OrderResendAccessLink'>;
export type ResendAccessLinkResult = ApiSchema<'OrderResendAccessLinkResult'>;

export const ORDER_TOKEN_HEADER = 'X-Order-Token';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const checkoutKeys = {
  /** Under the providers root: a provider edited in the back office refreshes the choice. */
  paymentMethods: [QUERY_ROOTS.paymentProviders, 'web'] as const,
  order: (code: string, token: string) => ['customer-order', 'detail', code, token] as const,
  lookup: (code: string, email: string) => ['customer-order', 'lookup', code, email] as const,
};
