import type { ApiSchema } from './schemas';

/** One invalid field of a refused request. */
export type ApiFieldError = ApiSchema<'FieldError'>;

/** The error of a refused request (every service answers the same shape). */
export type ApiErrorBody = ApiSchema<'ErrorEnvelope'>['error'];

/** The response envelope every API call answers with (docs/api-conventions.md). */

export interface ApiEnvelope<T> {
  status: number;
  success: boolean;
  result: T | null;
  error: ApiErrorBody | null;
}

export interface Paginated<T> {
  items: T[];
  totalCount: number;
  pageIndex: number;
  pageSize: number;
}
