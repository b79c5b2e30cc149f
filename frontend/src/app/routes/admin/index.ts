// Route modules of the admin area, loaded lazily so storefront visitors never download them.
// The screens (dashboard, users, products, serial codes, orders, payment providers and
// transactions, configuration) are their own chunks.
export { AdminRoot } from './admin-root';
export { AdminNotFoundRoute } from './placeholders';
