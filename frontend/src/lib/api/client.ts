import { REQUEST_TIMEOUT_MS } from '@/config/constants';
import { env } from '@/config/env';
import { strings } from '@/i18n/vi-shop';
import { ApiError, NetworkError, RequestError } from './errors';
import type { ApiEnvelope } from './envelope';
import { clearToken, readStoredToken } from '../auth/token-storage';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's own cancellation (React Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The browser's HTTP cache mode (`no-cache` revalidates an answer the server let browsers keep). */
  cache?: RequestCache;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The app registers what to do after an HTTP 401 on an admin call (navigate to login).
 * The client itself never touches UI code. Returns an unregister function.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

const LOGIN_PATH = '/identity/api/admin/v1/IdentityAuth/Login';

/** An authenticated back-office call: an HTTP 401 on one of these ends the session. */
export function isAdminCall(path: string): boolean {
  return path.includes('/api/admin/') && !path.startsWith(LOGIN_PATH);
}

/** The bearer header from the stored token, or nothing without one. */
export function authorizationHeader(): Record<string, string> {
  const accessToken = readStoredToken()?.accessToken;
  return accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'success' in value &&
    typeof value.success === 'boolean'
  );
}

/** The 401 rule: log, clear the token, let the app navigate to login. Admin calls only. */
export function handleUnauthorized(path: string, httpStatus: number): void {
  if (httpStatus !== 401 || !isAdminCall(path)) return;
  console.warn(strings.api.unauthorizedLog, path);
  clearToken();
  unauthorizedHandler?.();
}

/**
 * Turns a parsed response body into the call's result: the envelope's `result` on
 * success, an ApiError for `success: false`, a RequestError for anything else.
 */
export function resultFromPayload<T>(payload: unknown, httpStatus: number): T {
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (!isEnvelope(payload)) {
    throw new RequestError(
      ok ? strings.api.invalidResponse : strings.api.httpStatus(httpStatus),
      httpStatus,
    );
  }
  if (!payload.success) {
    const error = payload.error;
    throw new ApiError(
      error?.code ?? 0,
      error?.message || strings.toast.fallbackError,
      error?.details ?? [],
      payload.status || httpStatus,
    );
  }
  return payload.result as T;
}

/**
 * One deadline for the whole exchange: the time-out and the caller's cancellation abort
 * the fetch and, after the headers, the body read too, so a body that stalls is cut off.
 */
function deadline(callerSignal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/** Reads the JSON body; a read the deadline cut off is a network error (or the caller's abort). */
async function readJson(
  response: Response,
  callerSignal: AbortSignal | undefined,
  signal: AbortSignal,
): Promise<unknown> {
  try {
    return await response.json();
  } catch (cause) {
    if (callerSignal?.aborted) throw callerSignal.reason ?? cause;
    if (signal.aborted) throw new NetworkError({ cause });
    const reason = response.ok
      ? strings.api.invalidResponse
      : strings.api.httpStatus(response.status);
    throw new RequestError(reason, response.status, { cause });
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    query,
    body,
    signal: callerSignal,
    timeoutMs = REQUEST_TIMEOUT_MS,
    cache,
  } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...options.headers,
    ...authorizationHeader(),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const limit = deadline(callerSignal, timeoutMs);
  const init: RequestInit = {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'omit',
    signal: limit.signal,
  };
  if (cache) init.cache = cache;
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), init);
    } catch (cause) {
      // Cancelled by the caller: pass the abort on untouched, it is not a failure.
      if (callerSignal?.aborted) throw callerSignal.reason ?? cause;
      throw new NetworkError({ cause });
    }
    handleUnauthorized(path, response.status);
    const payload = await readJson(response, callerSignal, limit.signal);
    return resultFromPayload<T>(payload, response.status);
  } finally {
    limit.done();
  }
}

export const api = {
  get: <T>(
    path: string,
    query?: Record<string, QueryValue>,
    options?: Omit<RequestOptions, 'method' | 'query'>,
  ) => apiRequest<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(
    path: string,
    query?: Record<string, QueryValue>,
    options?: Omit<RequestOptions, 'method' | 'query'>,
  ) => apiRequest<T>(path, { ...options, method: 'DELETE', query }),
};
