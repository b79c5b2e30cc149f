import { QUERY_ROOTS } from '@/lib/api/query-keys';

/** A product as the pickers need it (the admin product list, trimmed). */
export interface ProductOption {
  id: string;
  name: string;
}

const PRODUCT_API = '/retailstore/api/admin/v1/Product';

export const productOptionEndpoints = {
  pagination: `${PRODUCT_API}/Pagination`,
  read: `${PRODUCT_API}/Read`,
} as const;

/** Product lookups live under the products root: a product change refreshes them too. */
export const productOptionsKeys = {
  all: [QUERY_ROOTS.products] as const,
  search: (keyword: string) => [QUERY_ROOTS.products, 'options', keyword] as const,
  one: (id: string) => [QUERY_ROOTS.products, 'option', id] as const,
};
