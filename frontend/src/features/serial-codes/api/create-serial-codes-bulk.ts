import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { BulkImportResult } from '../utils/code-import';
import { serialCodeEndpoints } from './types';

export interface CreateSerialCodesBulkPayload {
  productId: string;
  /** At most 50,000 a call (code 313 above); the UI sends 10,000. */
  codes: string[];
  expiresAt?: string | null;
  note?: string | null;
}

/** POST admin ProductSerialCode/CreateBulk. */
export function createSerialCodesBulk(payload: CreateSerialCodesBulkPayload, signal?: AbortSignal): Promise<BulkImportResult> {
  return api.post<BulkImportResult>(serialCodeEndpoints.createBulk, payload, { signal });
}

/**
 * Refreshes codes and products (stock) once an import has ended, whatever its outcome.
 * The import dialog sends its chunks with the plain fetcher and refreshes once at the end.
 */
export function useInvalidateAfterImport() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.serialCodes] }),
      queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.products] }),
    ]);
}
