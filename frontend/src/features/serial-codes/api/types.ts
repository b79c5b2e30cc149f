import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

export type SerialCodeStatus = ApiSchema<'CodeStatus'>;
export const SERIAL_CODE_STATUSES = [
  'available',
  'reserved',
  'sold',
  'disabled',
] as const satisfies readonly SerialCodeStatus[];

/** Serial code, admin view: the clear code is never in a list. */
export type SerialCode = ApiSchema<'SerialCode'>;

/** Reserved and sold codes belong to an order: no edit, no delete (code 312). */
export function isLocked(code: Pick<SerialCode, 'status'>): boolean {
  return code.status === 'reserved' || code.status === 'sold';
}

export type { ProductOption } from '@/components/product-picker/types';

const CODE_API = '/retailstore/api/admin/v1/ProductSerialCode';

export const serialCodeEndpoints = {
  pagination: `${CODE_API}/Pagination`,
  search: `${CODE_API}/Search`,
  createBulk: `${CODE_API}/CreateBulk`,
  update: `${CODE_API}/Update`,
  delete: `${CODE_API}/Delete`,
  reveal: `${CODE_API}/Reveal`,
} as const satisfies Record<string, ApiPath>;

export const serialCodesKeys = {
  all: [QUERY_ROOTS.serialCodes] as const,
  list: (params: object) => [QUERY_ROOTS.serialCodes, 'list', params] as const,
};
