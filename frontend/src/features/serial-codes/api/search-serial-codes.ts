import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { serialCodeEndpoints, type SerialCode } from './types';

/** `code`: the exact code, case kept. Sent in the body: a clear code never goes into a URL. */
export type SearchSerialCodesBody = ApiSchema<'SerialCodeSearch'>;

/** POST admin ProductSerialCode/Search: the rows holding exactly this code, masked. */
export function searchSerialCodes(
  body: SearchSerialCodesBody,
  signal?: AbortSignal,
): Promise<{ items: SerialCode[] }> {
  return api.post<{ items: SerialCode[] }>(serialCodeEndpoints.search, body, { signal });
}
