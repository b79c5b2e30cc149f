import { REQUEST_TIMEOUT_MS } from '@/config/constants';
import { NetworkError, RequestError } from './errors';
import { authorizationHeader, buildUrl, handleUnauthorized, resultFromPayload } from './client';
import { strings } from '@/i18n/vi';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100, or null while the browser cannot tell the size. */
  percent: number | null;
}

export interface UploadOptions {
  /** The multipart field that carries the file. */
  fieldName?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Aborted', 'AbortError');
}

/**
 * A multipart upload through XMLHttpRequest, the one browser API that reports upload
 * progress. It follows the same rules as the fetch client: bearer header, time-out,
 * envelope parsing, typed errors, and the HTTP 401 rule for admin calls.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { fieldName = 'file', onProgress, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;

  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }

    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const cleanUp = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', buildUrl(path));
    xhr.timeout = timeoutMs;
    xhr.withCredentials = false;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authorizationHeader()))
      xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent:
          event.lengthComputable && event.total > 0
            ? Math.min(100, Math.round((event.loaded / event.total) * 100))
            : null,
      });
    };

    xhr.onload = () => {
      cleanUp();
      handleUnauthorized(path, xhr.status);
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch (cause) {
        const ok = xhr.status >= 200 && xhr.status < 300;
        reject(
          new RequestError(
            ok ? strings.api.invalidResponse : strings.api.httpStatus(xhr.status),
            xhr.status,
            { cause },
          ),
        );
        return;
      }
      try {
        resolve(resultFromPayload<T>(payload, xhr.status));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      cleanUp();
      reject(new NetworkError());
    };
    xhr.ontimeout = () => {
      cleanUp();
      reject(new NetworkError());
    };
    xhr.onabort = () => {
      cleanUp();
      reject(signal ? abortReason(signal) : new DOMException('Aborted', 'AbortError'));
    };

    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    form.append(fieldName, file, file instanceof File ? file.name : 'upload');
    xhr.send(form);
  });
}
