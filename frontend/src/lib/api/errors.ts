import { strings } from '@/i18n/vi-shop';
import type { ApiFieldError } from './envelope';

/** Stable application error codes the UI branches on (docs/api-conventions.md). */
export const ERROR_CODES = {
  validation: 1,
  notFound: 2,
  conflict: 3,
  tooManyRequests: 4,
  unauthorized: 5,
  forbidden: 6,
  upstreamUnavailable: 8,
  wrongCredentials: 100,
  tooManyLoginFailures: 101,
  accountDisabled: 102,
  wrongOldPassword: 120,
  /** A password on the server's common-password list; `details` names the field. */
  commonPassword: 124,
  uploadTooLarge: 210,
  uploadNotImage: 211,
  uploadNoFile: 212,
  productSlugTaken: 301,
  productHasOrders: 302,
  serialCodeExists: 311,
  serialCodeLocked: 312,
  serialCodeBatchTooLarge: 313,
  notEnoughStock: 400,
  quantityOutOfRange: 401,
  productNotOnSale: 402,
  orderNotFound: 403,
  orderStateConflict: 404,
  /** Notification/Resend of a delivery that is not `failed` (system uses the same number for a wrong state). */
  deliveryNotFailed: 404,
  tooManyUnpaidOrders: 405,
  idempotencyKeyReused: 406,
  paymentProviderUnavailable: 500,
} as const;

/** An application error: the server answered `success: false`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly details: ApiFieldError[];
  readonly status: number;

  constructor(code: number, message: string, details: ApiFieldError[] = [], status = 0) {
    super(message);
    this.code = code;
    this.details = details;
    this.status = status;
  }
}

/** No response at all (offline, refused, DNS, time-out). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(options?: ErrorOptions) {
    super(strings.api.networkError, options);
  }
}

/** Any other failure: a response that is not the envelope, a body that is not JSON... */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly status: number;

  constructor(reason: string, status = 0, options?: ErrorOptions) {
    super(`${strings.api.requestErrorPrefix}${reason}`, options);
    this.status = status;
  }
}

export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
