import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { QUERY_ROOTS } from '@/lib/api/query-keys';
import { serialCodeEndpoints } from './types';

/** DELETE admin ProductSerialCode/Delete?id= (312 reserved/sold). */
export function deleteSerialCode(id: string): Promise<boolean> {
  return api.delete<boolean>(serialCodeEndpoints.delete, { id });
}

export function useDeleteSerialCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSerialCode,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.serialCodes] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.products] }),
      ]),
  });
}
