import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

export type StockLevel = ApiSchema<'StockLevel'>;
export const STOCK_LEVELS = [
  'in_stock',
  'low',
  'out_of_stock',
] as const satisfies readonly StockLevel[];

/** Product, web view: a stock level, never raw counts. */
export type CatalogueProduct = ApiSchema<'ProductWeb'>;

export const CATALOGUE_PATH = '/retailstore/api/web/v1/Product/Pagination' satisfies ApiPath;

/** Product page, web view: the list's view with its status and its current slug. */
export type ProductPage = ApiSchema<'ProductPage'>;

export const PRODUCT_PAGE_PATH = '/retailstore/api/web/v1/Product/BySlug' satisfies ApiPath;

/** Under the products root: an admin change to products refreshes the storefront too. */
export const catalogueKeys = {
  all: [QUERY_ROOTS.products, 'web'] as const,
  list: (params: object) => [QUERY_ROOTS.products, 'web', params] as const,
  product: (slug: string) => [QUERY_ROOTS.products, 'web', 'page', slug] as const,
};
