export { StorefrontLayout } from './storefront-layout';
