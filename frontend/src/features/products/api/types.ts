import { QUERY_ROOTS } from '@/lib/query-keys';

export const PRODUCT_STATUSES = ['draft', 'active', 'hidden'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface ProductStock {
  available: number;
  reserved: number;
  sold: number;
}

/** Product, admin view (api.md, retailstore). */
export interface Product {
  id: string;
  name: string;
  slug: string;
  summary: string | null;
  description: string | null;
  imageUrl: string | null;
  price: number;
  originalPrice: number | null;
  status: ProductStatus;
  sortOrder: number;
  minPerOrder: number;
  maxPerOrder: number;
  lowStockThreshold: number;
  stock: ProductStock;
  createdAt: string;
  updatedAt: string;
}

/** The fields Create takes and Update changes; `null` clears an optional one (slug: derive again). */
export interface ProductPayload {
  name: string;
  slug: string | null;
  summary: string | null;
  description: string | null;
  imageUrl: string | null;
  price: number;
  originalPrice: number | null;
  status: ProductStatus;
  sortOrder: number;
  minPerOrder: number;
  maxPerOrder: number;
  lowStockThreshold: number;
}

export const PRODUCT_SORT_FIELDS = ['name', 'price', 'sortOrder', 'createdAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

const PRODUCT_API = '/retailstore/api/admin/v1/Product';

export const productEndpoints = {
  pagination: `${PRODUCT_API}/Pagination`,
  create: `${PRODUCT_API}/Create`,
  update: `${PRODUCT_API}/Update`,
  delete: `${PRODUCT_API}/Delete`,
} as const;

/**
 * Every product query key starts with the shared root, so a serial-code import (which
 * changes stock) refreshes the product lists too.
 */
export const productsKeys = {
  all: [QUERY_ROOTS.products] as const,
  adminList: (params: object) => [QUERY_ROOTS.products, 'admin-list', params] as const,
};
