/**
 * Roots of the query keys that more than one feature touches. Every key of a kind starts
 * with its root, so one `invalidateQueries({ queryKey: [root] })` refreshes all of them
 * (for instance, a serial-code import refreshes the products' stock).
 */
export const QUERY_ROOTS = {
  products: 'products',
  serialCodes: 'serial-codes',
  appConfiguration: 'app-configuration',
  paymentProviders: 'payment-providers',
  /** Back-office orders and everything counted from them (dashboard). */
  orders: 'orders',
  paymentTransactions: 'payment-transactions',
  /** Notification settings and deliveries (an order action may queue a delivery). */
  notifications: 'notifications',
} as const;
