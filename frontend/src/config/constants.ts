import { PAGE_SIZE } from './limits';

/** Business and UI constants from the product spec (sections 8 and 9). */

export const REQUEST_TIMEOUT_MS = 60_000;

export const STORAGE_KEYS = {
  token: 'data_token',
  colorMode: 'app_color_mode',
  layoutSettings: 'app_layout_settings',
  /** The storefront's orders made on this device (their links, token included). */
  orderHistory: 'shop_orders',
  /** sessionStorage: what was typed in the buy-now form, per product, until an order is placed. */
  buyDraftPrefix: 'shop_buy_draft:',
} as const;

export const TOAST_LIFE_MS = {
  error: 5000,
  warn: 4000,
  success: 3000,
  info: 3000,
} as const;

/** The change-password toasts last three seconds whatever their severity. */
export const CHANGE_PASSWORD_TOAST_LIFE_MS = 3000;

/** `(min-width: 992px)`: the spec's desktop menu breakpoint (wider than 991 px). */
export const DESKTOP_MEDIA_QUERY = '(min-width: 992px)';

/** The page sizes a list offers; the largest is the services' `PAGE_SIZE.max`. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, PAGE_SIZE.max] as const;
