/**
 * The storefront's part of the Vietnamese catalogue: the public pages and the app shell
 * (toasts, errors, the API client's messages). Modules on the storefront's first load
 * read `vi` from here, so the back office's texts arrive with the back office only;
 * `vi.ts` composes the whole catalogue from the same `./vi/` files.
 */
import { api, app, common, confirm, errors, theme, toast, validation } from './vi/common';
import { orderStatus, paymentStatus } from './vi/orders';
import { shell } from './vi/shop-shell';
import { checkout, customerOrder, myOrders, storefront } from './vi/storefront';

export const vi = {
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
  checkout,
  myOrders,
  customerOrder,
  shell,
} as const;
