/**
 * The Vietnamese message catalogue: every text a person sees lives here.
 * Components read it through `strings` only; nothing visible is written inline.
 * The texts themselves live by area under `./vi/`; this file composes them.
 */
import { api, app, common, confirm, errors, theme, toast, validation } from './vi/common';
import { comingSoon, layout, menu, pages, productPicker, upload } from './vi/admin-shell';
import { auth, changePassword } from './vi/auth';
import { storefront, myOrders } from './vi/storefront';
import { checkout, customerOrder } from './vi/checkout';
import { orderStatus, paymentStatus } from './vi/order-status';
import { orders } from './vi/orders';
import { transactions, paymentProviders } from './vi/payments';
import { products, serialCodes } from './vi/products';
import { dashboard } from './vi/dashboard';
import { configuration } from './vi/configuration';
import { users } from './vi/users';
import { auditLog } from './vi/audit-log';
import { notifications } from './vi/notifications';
import { shell } from './vi/shop-shell';
import { paymentWebhook } from './vi/payment-webhook';

export const strings = {
  app,
  common,
  upload,
  validation,
  theme,
  toast,
  confirm,
  api,
  layout,
  menu,
  storefront,
  orderStatus,
  paymentStatus,
  checkout,
  myOrders,
  customerOrder,
  orders,
  transactions,
  dashboard,
  productPicker,
  comingSoon,
  pages,
  errors,
  auth,
  changePassword,
  products,
  serialCodes,
  configuration,
  users,
  auditLog,
  notifications,
  paymentProviders,
  shell,
  paymentWebhook,
} as const;

export type Catalogue = typeof strings;
