import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';
import type { BulkImportResult } from '../utils/code-import';
import { serialCodeEndpoints } from './types';

/** At most `SERIAL_CODE_LIMITS.bulkMaxCodes` codes a call (code 313 above); the UI sends `IMPORT_CHUNK_SIZE`. */
export type CreateSerialCodesBulkPayload = ApiSchema<'CreateBulk'>;

/** POST admin ProductSerialCode/CreateBulk. */
export function createSerialCodesBulk(
  payload: CreateSerialCodesBulkPayload,
  signal?: AbortSignal,
): Promise<BulkImportResult> {
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
