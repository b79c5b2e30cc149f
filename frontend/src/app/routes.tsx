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
import { PRODUCT_ROUTE_HANDLE } from './routes/storefront/product-handle';
import { StorefrontRoot } from './routes/storefront/storefront-root';
import { demoRoutes } from './routes/uikit/demo-routes';

type AdminModule = typeof import('./routes/admin');

/** A lazily loaded screen from the admin route modules. */
function adminScreen(name: keyof AdminModule) {
  return async () => ({ Component: (await import('./routes/admin'))[name] as ComponentType });
}

const ADMIN_MENU_ROUTE: RouteHandle = { adminMenu: true };

/** A back-office screen under the sidebar's menu, its module loaded when first opened. */
function menuScreen<M>(load: () => Promise<M>, name: keyof M) {
  return {
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
    handle: ADMIN_MENU_ROUTE,
  };
}

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
            path: paths.product.pattern,
            handle: PRODUCT_ROUTE_HANDLE,
            // Its own chunk: the Markdown renderer loads only here and on the order page.
            lazy: async () => ({
              Component: (await import('./routes/storefront/product')).ProductRoute,
            }),
          },
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
            ...menuScreen(() => import('./routes/admin/dashboard'), 'DashboardRoute'),
          },
          {
            path: paths.admin.products,
            ...menuScreen(() => import('./routes/admin/products'), 'ProductsRoute'),
          },
          {
            path: paths.admin.serialCodes,
            ...menuScreen(() => import('./routes/admin/serial-codes'), 'SerialCodesRoute'),
          },
          {
            path: paths.admin.orders,
            ...menuScreen(() => import('./routes/admin/orders'), 'OrdersRoute'),
          },
          {
            path: `${paths.admin.orders}/:orderId`,
            ...menuScreen(() => import('./routes/admin/orders'), 'AdminOrderDetailRoute'),
          },
          {
            path: paths.admin.paymentProviders,
            ...menuScreen(
              () => import('./routes/admin/payment-providers'),
              'PaymentProvidersRoute',
            ),
          },
          {
            path: paths.admin.paymentTransactions,
            ...menuScreen(
              () => import('./routes/admin/payment-transactions'),
              'PaymentTransactionsRoute',
            ),
          },
          {
            path: paths.admin.users,
            ...menuScreen(() => import('./routes/admin/users'), 'UsersRoute'),
          },
          {
            path: paths.admin.configuration,
            ...menuScreen(() => import('./routes/admin/configuration'), 'ConfigurationRoute'),
          },
          {
            path: paths.admin.auditLog,
            ...menuScreen(() => import('./routes/admin/audit-log'), 'AuditLogRoute'),
          },
          {
            path: paths.admin.notifications,
            ...menuScreen(() => import('./routes/admin/notifications'), 'NotificationsRoute'),
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
