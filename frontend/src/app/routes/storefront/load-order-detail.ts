/** The order page's chunk (its screen and the QR library): the route loads it from here. */
export const loadOrderDetail = () => import('./order-detail');

/**
 * Fetches the order page ahead of a likely visit (a buy-now dialog opened, a pointer or
 * focus on a link to an order), so the page opens at once. A failure is left to the route,
 * which loads the chunk again on navigation.
 */
export function preloadOrderDetail(): void {
  loadOrderDetail().catch(() => undefined);
}
