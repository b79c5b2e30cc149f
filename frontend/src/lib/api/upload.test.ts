import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { makeSession } from '@/testing/jwt';
import { setUnauthorizedHandler } from './client';
import { ApiError, NetworkError } from './errors';
import { uploadFile } from './upload';

const UPLOAD = '/system/api/admin/v1/UploadFile/Upload';

/** Just enough XMLHttpRequest to drive the helper. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  timeout = 0;
  withCredentials = true;
  status = 0;
  responseText = '';
  body: unknown = null;
  upload: {
    onprogress:
      ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function sent(): FakeXhr {
  if (!FakeXhr.last) throw new Error('nothing sent');
  return FakeXhr.last;
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

let unregister: () => void = () => undefined;

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('posts the file as multipart field "file" with the bearer token and reports progress', async () => {
    const session = makeSession();
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(session));
    const progress = vi.fn();
    const pending = uploadFile<{ url: string }>(UPLOAD, png(), { onProgress: progress });

    const xhr = sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(UPLOAD);
    expect(xhr.headers.Authorization).toBe(`Bearer ${session.accessToken}`);
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect(xhr.timeout).toBe(60_000);
    expect(xhr.withCredentials).toBe(false);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 10, total: 0, lengthComputable: false });
    expect(progress).toHaveBeenNthCalledWith(1, { loaded: 50, total: 200, percent: 25 });
    expect(progress).toHaveBeenNthCalledWith(2, { loaded: 10, total: 0, percent: null });

    xhr.respond(200, {
      status: 200,
      success: true,
      result: { url: '/uploads/abc.png' },
      error: null,
    });
    await expect(pending).resolves.toEqual({ url: '/uploads/abc.png' });
  });

  it('rejects with the application error of the envelope (code 211)', async () => {
    const pending = uploadFile(UPLOAD, png());
    sent().respond(400, {
      status: 400,
      success: false,
      result: null,
      error: { code: 211, message: 'Không phải ảnh' },
    });
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 211, status: 400, message: 'Không phải ảnh' });
  });

  it('applies the 401 rule: clears the token and calls the handler', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession()));
    const handler = vi.fn();
    unregister = setUnauthorizedHandler(handler);
    const pending = uploadFile(UPLOAD, png());
    sent().respond(401, {
      status: 401,
      success: false,
      result: null,
      error: { code: 5, message: 'Hết phiên' },
    });
    await expect(pending).rejects.toMatchObject({ code: 5 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('turns a failure without a response into the network error', async () => {
    const pending = uploadFile(UPLOAD, png());
    sent().onerror?.();
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });

  it('reports a body that is not the envelope as a request error', async () => {
    const pending = uploadFile(UPLOAD, png());
    sent().respond(502, '<html>Bad gateway</html>');
    await expect(pending).rejects.toMatchObject({
      name: 'RequestError',
      message: 'Lỗi khi gửi yêu cầu: HTTP 502',
    });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = uploadFile(UPLOAD, png(), { signal: controller.signal });
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    const error = await pending.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
