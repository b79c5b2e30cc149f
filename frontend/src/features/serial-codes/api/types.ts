import { QUERY_ROOTS } from '@/lib/query-keys';

export const SERIAL_CODE_STATUSES = ['available', 'reserved', 'sold', 'disabled'] as const;
export type SerialCodeStatus = (typeof SERIAL_CODE_STATUSES)[number];

/** Serial code, admin view: the clear code is never in a list. */
export interface SerialCode {
  id: string;
  productId: string;
  productName: string;
  maskedCode: string;
  status: SerialCodeStatus;
  orderId: string | null;
  orderCode: string | null;
  expiresAt: string | null;
  note: string | null;
  createdAt: string;
  soldAt: string | null;
}

/** Reserved and sold codes belong to an order: no edit, no delete (code 312). */
export function isLocked(code: Pick<SerialCode, 'status'>): boolean {
  return code.status === 'reserved' || code.status === 'sold';
}

/** A product as the pickers need it. */
export interface ProductOption {
  id: string;
  name: string;
}

const CODE_API = '/retailstore/api/admin/v1/ProductSerialCode';
const PRODUCT_API = '/retailstore/api/admin/v1/Product';

export const serialCodeEndpoints = {
  pagination: `${CODE_API}/Pagination`,
  createBulk: `${CODE_API}/CreateBulk`,
  update: `${CODE_API}/Update`,
  delete: `${CODE_API}/Delete`,
  reveal: `${CODE_API}/Reveal`,
  productPagination: `${PRODUCT_API}/Pagination`,
  productRead: `${PRODUCT_API}/Read`,
} as const;

export const serialCodesKeys = {
  all: [QUERY_ROOTS.serialCodes] as const,
  list: (params: object) => [QUERY_ROOTS.serialCodes, 'list', params] as const,
};

/** Product lookups live under the products root: a product change refreshes them too. */
export const productOptionsKeys = {
  all: [QUERY_ROOTS.products] as const,
  search: (keyword: string) => [QUERY_ROOTS.products, 'options', keyword] as const,
  one: (id: string) => [QUERY_ROOTS.products, 'option', id] as const,
};
