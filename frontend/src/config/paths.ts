/** Every route of the app, in one place. */
export const paths = {
  home: '/',
  product: {
    pattern: '/san-pham/:slug',
    of: (slug: string) => `/san-pham/${encodeURIComponent(slug)}`,
  },
  orderDetail: '/order-detail',
  admin: {
    root: '/admin',
    products: '/admin/products',
    serialCodes: '/admin/products/serial-codes',
    orders: '/admin/orders',
    order: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`,
    paymentProviders: '/admin/providers/payment',
    paymentTransactions: '/admin/providers/transactions',
    users: '/admin/system/users',
    configuration: '/admin/system/configuration',
    auditLog: '/admin/system/audit-log',
    notifications: '/admin/system/notifications',
  },
  auth: {
    prefix: '/admin/auth/',
    login: '/admin/auth/login',
    access: '/admin/auth/access',
    error: '/admin/auth/error',
  },
  legacy: {
    access: '/adminauth/access',
    error: '/adminauth/error',
  },
  notFound: '/pages/notfound',
  uikit: {
    root: '/uikit',
    section: (name: string) => `/uikit/${name}`,
    formLayout: '/admin/uikit/formlayout',
  },
  pages: {
    empty: '/pages/empty',
    crud: '/pages/crud',
  },
  documentation: '/documentation',
} as const;

/**
 * The customer's order page. The token travels in the fragment, which browsers never
 * send to a server, so it stays out of access logs, referrers and analytics.
 */
export function orderDetailLink(code: string, token?: string | null): string {
  const query = new URLSearchParams({ code }).toString();
  return token
    ? `${paths.orderDetail}?${query}#${new URLSearchParams({ token }).toString()}`
    : `${paths.orderDetail}?${query}`;
}

/** The token in a fragment like `#token=...`, or null. */
export function orderTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.trim() || null;
}

/** Screens that only the `admin` role may open (staff get the access-denied page). */
export const ADMIN_ONLY_PATHS: readonly string[] = [
  paths.admin.users,
  paths.admin.configuration,
  paths.admin.auditLog,
  paths.admin.notifications,
];

export const IMAGES = {
  logo: '/images/logo.svg',
} as const;
