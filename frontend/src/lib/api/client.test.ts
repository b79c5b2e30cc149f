import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { api, setUnauthorizedHandler } from './client';
import { ApiError, NetworkError, RequestError } from './errors';

const USERS = '/identity/api/admin/v1/User/Pagination';
const LOGIN = '/identity/api/admin/v1/IdentityAuth/Login';

let unregister: () => void = () => undefined;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client: envelope', () => {
  it('returns result on success and sends the bearer token', async () => {
    const session = makeSession();
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(session));
    const fetch = mockFetch(() => okEnvelope({ items: [], totalCount: 0 }));

    await expect(api.get(USERS, { pageIndex: 1, keyword: '', role: undefined })).resolves.toEqual({
      items: [],
      totalCount: 0,
    });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(`${USERS}?pageIndex=1`);
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${session.accessToken}`);
  });

  it('sends no Authorization header without a token, and JSON bodies', async () => {
    const fetch = mockFetch(() => okEnvelope(true));
    await api.post(LOGIN, { userName: 'a', password: 'b' });
    const init = fetch.mock.calls[0][1]!;
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ userName: 'a', password: 'b' }));
    expect(init.method).toBe('POST');
  });

  it('throws ApiError with code, message, details and status for success:false', async () => {
    mockFetch(() =>
      errorEnvelope(400, 1, 'Dữ liệu không hợp lệ', [{ field: 'userName', message: 'Trùng' }]),
    );
    const error = await api.post('/identity/api/admin/v1/User/Create', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 1,
      message: 'Dữ liệu không hợp lệ',
      status: 400,
      details: [{ field: 'userName', message: 'Trùng' }],
    });
  });

  it('treats success:false as an error even with HTTP 200', async () => {
    mockFetch(() => errorEnvelope(200, 120, 'Mật khẩu cũ không đúng!'));
    await expect(api.post('/x/api/admin/v1/A/B', {})).rejects.toMatchObject({
      name: 'ApiError',
      code: 120,
    });
  });

  it('reports a response that is not the envelope as a request error', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api
      .get('/retailstore/api/web/v1/Product/Pagination')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as Error).message).toBe('Lỗi khi gửi yêu cầu: HTTP 502');
  });
});

describe('api client: failures without a response', () => {
  it('turns a fetch failure into the network error message', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get(USERS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Không thể kết nối tới server. Vui lòng kiểm tra mạng.');
  });

  it('times out after 60 s as a network error', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    const pending = api.get(USERS).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBeInstanceOf(NetworkError);
  });

  it('also times out a body that stalls after the headers, within the same 60 s', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    mockFetch((_url, init) => {
      signal = init.signal ?? undefined;
      // Headers and the first bytes arrive at once, then nothing; as in a browser, the
      // request's signal errors the body stream.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":200,'));
          signal?.addEventListener('abort', () =>
            controller.error(new DOMException('Aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const pending = api.get(USERS).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Không thể kết nối tới server. Vui lòng kiểm tra mạng.');
  });

  it("passes the caller's own cancellation through untouched", async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const pending = api
      .get(USERS, undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    const error = await pending;
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('api client: HTTP 401', () => {
  it('on an admin call: logs, clears the token, calls the handler and still rejects', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession()));
    const handler = vi.fn();
    unregister = setUnauthorizedHandler(handler);
    mockFetch(() => errorEnvelope(401, 5, 'Phiên đăng nhập đã hết hạn'));

    await expect(api.get(USERS)).rejects.toMatchObject({ code: 5, status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it('leaves Login and public calls alone', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession()));
    const handler = vi.fn();
    unregister = setUnauthorizedHandler(handler);
    mockFetch(() => errorEnvelope(401, 5, 'x'));

    await expect(api.post(LOGIN, {})).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/retailstore/api/web/v1/Order/OrderDetail')).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(handler).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });
});
