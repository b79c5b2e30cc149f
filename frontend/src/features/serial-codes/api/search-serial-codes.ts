import { api } from '@/lib/api-client';
import { serialCodeEndpoints, type SerialCode } from './types';

export interface SearchSerialCodesBody {
  /** The exact code, case kept. Sent in the body: a clear code never goes into a URL. */
  code: string;
  productId?: string;
}

/** POST admin ProductSerialCode/Search: the rows holding exactly this code, masked. */
export function searchSerialCodes(body: SearchSerialCodesBody, signal?: AbortSignal): Promise<{ items: SerialCode[] }> {
  return api.post<{ items: SerialCode[] }>(serialCodeEndpoints.search, body, { signal });
}
