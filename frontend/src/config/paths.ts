/** Every route of the app, in one place. */
export const paths = {
  home: '/',
  orderDetail: '/order-detail',
  admin: {
    root: '/admin',
    products: '/admin/products',
    serialCodes: '/admin/products/serial-codes',
    orders: '/admin/orders',
    order: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`,
    paymentProviders: '/admin/providers/payment',
    users: '/admin/system/users',
    configuration: '/admin/system/configuration',
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
} as const;

/** Screens that only the `admin` role may open (staff get the access-denied page). */
export const ADMIN_ONLY_PATHS: readonly string[] = [paths.admin.users, paths.admin.configuration];

export const IMAGES = {
  logo: '/images/logo.svg',
} as const;
