/**
 * The storefront home's part of the Vietnamese catalogue: the home page and the app shell
 * (toasts, errors, the API client's messages). Modules on the storefront's first load
 * read `strings` from here, so the texts of buying, the order page and the back office arrive
 * with those screens only (each `./vi/` file is one area, and a file is loaded whole);
 * `vi.ts` composes the whole catalogue from the same `./vi/` files.
 */
import { api, app, common, confirm, errors, theme, toast, validation } from './vi/common';
import { orderStatus, paymentStatus } from './vi/order-status';
import { shell } from './vi/shop-shell';
import { myOrders, storefront } from './vi/storefront';

export const strings = {
  app,
  common,
  validation,
  theme,
  toast,
  confirm,
  api,
  errors,
  storefront,
  orderStatus,
  paymentStatus,
  myOrders,
  shell,
} as const;
