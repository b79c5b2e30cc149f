// Route modules of the admin area, loaded lazily so storefront visitors never download them.
export { AdminRoot } from './admin-root';
export { DashboardRoute } from './dashboard';
export {
  AdminNotFoundRoute,
  AdminOrderDetailRoute,
  ConfigurationRoute,
  OrdersRoute,
  PaymentProvidersRoute,
  ProductsRoute,
  SerialCodesRoute,
} from './placeholders';
