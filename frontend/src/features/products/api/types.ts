import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

export type ProductStatus = ApiSchema<'ProductStatus'>;
export const PRODUCT_STATUSES = [
  'draft',
  'active',
  'hidden',
] as const satisfies readonly ProductStatus[];

export type ProductStock = ApiSchema<'Stock'>;

/** Product, admin view. */
export type Product = ApiSchema<'ProductAdmin'>;

/** The fields Create takes and Update changes; `null` clears an optional one (slug: derive again). */
export type ProductPayload = Required<ApiSchema<'ProductCreate'>>;

export const PRODUCT_SORT_FIELDS = ['name', 'price', 'sortOrder', 'createdAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

const PRODUCT_API = '/retailstore/api/admin/v1/Product';

export const productEndpoints = {
  pagination: `${PRODUCT_API}/Pagination`,
  create: `${PRODUCT_API}/Create`,
  update: `${PRODUCT_API}/Update`,
  delete: `${PRODUCT_API}/Delete`,
} as const satisfies Record<string, ApiPath>;

/**
 * Every product query key starts with the shared root, so a serial-code import (which
 * changes stock) refreshes the product lists too.
 */
export const productsKeys = {
  all: [QUERY_ROOTS.products] as const,
  adminList: (params: object) => [QUERY_ROOTS.products, 'admin-list', params] as const,
};
