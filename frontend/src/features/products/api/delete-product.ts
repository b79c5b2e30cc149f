import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { QUERY_ROOTS } from '@/lib/api/query-keys';
import { productEndpoints, productsKeys } from './types';

/** DELETE admin Product/Delete?id= (code 302 when orders or sold codes reference it). */
export function deleteProduct(id: string): Promise<boolean> {
  return api.delete<boolean>(productEndpoints.delete, { id });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async () => {
      // The product's unsold codes go with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productsKeys.all }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.serialCodes] }),
      ]);
    },
  });
}
