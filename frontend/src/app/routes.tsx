import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AccessDenied } from '@/components/errors/access-denied';
import { ErrorPage } from '@/components/errors/error-page';
import { NotFound } from '@/components/errors/not-found';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import type { RouteHandle } from '@/lib/route-handle';
import { RootShell } from './routes/root';
import { HomeRoute } from './routes/storefront/home';
import { loadOrderDetail } from './routes/storefront/load-order-detail';
import { StorefrontRoot } from './routes/storefront/storefront-root';
import { demoRoutes } from './routes/uikit/demo-routes';

type AdminModule = typeof import('./routes/admin');

/** A lazily loaded screen from the admin route modules. */
function adminScreen(name: keyof AdminModule) {
  return async () => ({ Component: (await import('./routes/admin'))[name] as ComponentType });
}

const ADMIN_MENU_ROUTE: RouteHandle = { adminMenu: true };

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        path: paths.home,
        element: <StorefrontRoot />,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            path: paths.orderDetail,
            // Its own chunk: the QR library loads only here.
            lazy: async () => ({ Component: (await loadOrderDetail()).OrderDetailRoute }),
          },
        ],
      },
      {
        path: paths.auth.login,
        lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
      },
      { path: paths.auth.access, element: <AccessDenied /> },
      { path: paths.auth.error, element: <ErrorPage /> },
      { path: `${paths.auth.prefix}*`, element: <NotFound /> },
      { path: paths.legacy.access, element: <Navigate to={paths.auth.access} replace /> },
      { path: paths.legacy.error, element: <Navigate to={paths.auth.error} replace /> },
      {
        path: paths.admin.root,
        lazy: adminScreen('AdminRoot'),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/admin/dashboard')).DashboardRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.products,
            lazy: async () => ({ Component: (await import('./routes/admin/products')).ProductsRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.serialCodes,
            lazy: async () => ({ Component: (await import('./routes/admin/serial-codes')).SerialCodesRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.orders,
            lazy: async () => ({ Component: (await import('./routes/admin/orders')).OrdersRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: `${paths.admin.orders}/:orderId`,
            lazy: async () => ({ Component: (await import('./routes/admin/orders')).AdminOrderDetailRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.paymentProviders,
            lazy: async () => ({ Component: (await import('./routes/admin/payment-providers')).PaymentProvidersRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.paymentTransactions,
            lazy: async () => ({ Component: (await import('./routes/admin/payment-transactions')).PaymentTransactionsRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.users,
            lazy: async () => ({ Component: (await import('./routes/admin/users')).UsersRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.configuration,
            lazy: async () => ({ Component: (await import('./routes/admin/configuration')).ConfigurationRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          {
            path: paths.admin.auditLog,
            lazy: async () => ({ Component: (await import('./routes/admin/audit-log')).AuditLogRoute }),
            handle: ADMIN_MENU_ROUTE,
          },
          { path: '*', lazy: adminScreen('AdminNotFoundRoute') },
        ],
      },
      demoRoutes,
      { path: paths.notFound, element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
