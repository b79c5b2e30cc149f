// Route modules of the admin area, loaded lazily so storefront visitors never download them.
// The bigger screens (users, products, serial codes, payment providers, configuration) are
// their own chunks.
export { AdminRoot } from './admin-root';
export { DashboardRoute } from './dashboard';
export { AdminNotFoundRoute, AdminOrderDetailRoute, OrdersRoute } from './placeholders';
