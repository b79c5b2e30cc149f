import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';
import { serialCodeEndpoints, type SerialCode } from './types';

/** A field left out stays; `null` clears `expiresAt` or `note`. */
export type UpdateSerialCodePayload = ApiSchema<'SerialCodeUpdate'>;

/** PUT admin ProductSerialCode/Update (312 reserved/sold, 311 duplicate code). */
export function updateSerialCode(payload: UpdateSerialCodePayload): Promise<SerialCode> {
  return api.put<SerialCode>(serialCodeEndpoints.update, payload);
}

export function useUpdateSerialCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSerialCode,
    // Disabling or enabling a code changes the product's available stock.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.serialCodes] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.products] }),
      ]),
  });
}
