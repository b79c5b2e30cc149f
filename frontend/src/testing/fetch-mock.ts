import { vi as vitest } from 'vitest';

export function envelopeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function okEnvelope<T>(result: T, status = 200): Response {
  return envelopeResponse(status, { status, success: true, result, error: null });
}

export function errorEnvelope(
  status: number,
  code: number,
  message: string,
  details?: unknown,
): Response {
  return envelopeResponse(status, {
    status,
    success: false,
    result: null,
    error: { code, message, details },
  });
}

/** Replaces global fetch with a mock answering from the given handler. */
export function mockFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const fn = vitest.fn(async (url: string, init?: RequestInit) => handler(url, init ?? {}));
  vitest.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    fn(input instanceof Request ? input.url : String(input), init),
  );
  return fn;
}

/** The text body a mocked call sent ('' when it sent none or a non-text body). */
export function bodyText(init: RequestInit | undefined): string {
  return typeof init?.body === 'string' ? init.body : '';
}

/** The JSON a mocked call sent. */
export function jsonBody<T = unknown>(init: RequestInit | undefined): T {
  return JSON.parse(bodyText(init)) as T;
}
