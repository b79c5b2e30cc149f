export { StorefrontLayout } from './storefront-layout';
export type { ShopContact } from './storefront-footer';
