import { QUERY_ROOTS } from '@/lib/query-keys';

export const STOCK_LEVELS = ['in_stock', 'low', 'out_of_stock'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Product, web view: a stock level, never raw counts. */
export interface CatalogueProduct {
  id: string;
  name: string;
  slug: string;
  summary: string | null;
  description: string | null;
  imageUrl: string | null;
  price: number;
  originalPrice: number | null;
  inStock: boolean;
  stockLevel: StockLevel;
  minPerOrder: number;
  maxPerOrder: number;
}

export const CATALOGUE_PATH = '/retailstore/api/web/v1/Product/Pagination';

/** Under the products root: an admin change to products refreshes the storefront too. */
export const catalogueKeys = {
  all: [QUERY_ROOTS.products, 'web'] as const,
  list: (params: object) => [QUERY_ROOTS.products, 'web', params] as const,
};
