import { vi as vitest } from 'vitest';

export function envelopeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function okEnvelope<T>(result: T, status = 200): Response {
  return envelopeResponse(status, { status, success: true, result, error: null });
}

export function errorEnvelope(status: number, code: number, message: string, details?: unknown): Response {
  return envelopeResponse(status, { status, success: false, result: null, error: { code, message, details } });
}

/** Replaces global fetch with a mock answering from the given handler. */
export function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fn = vitest.fn(async (url: string, init?: RequestInit) => handler(url, init ?? {}));
  vitest.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => fn(String(input), init));
  return fn;
}
