/** A storefront route that names the document itself: the shell then leaves the title alone. */
export interface StorefrontHandle {
  ownTitle?: boolean;
}

/** The product page's `handle` (its module is lazy; this stays in the first load). */
export const PRODUCT_ROUTE_HANDLE: StorefrontHandle = { ownTitle: true };
