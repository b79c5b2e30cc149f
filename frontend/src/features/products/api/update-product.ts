import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { productEndpoints, productsKeys, type Product, type ProductPayload } from './types';

export type UpdateProductPayload = { id: string } & Partial<ProductPayload>;

/** PUT admin Product/Update: a field left out stays, `null` clears an optional one. */
export function updateProduct(payload: UpdateProductPayload): Promise<Product> {
  return api.put<Product>(productEndpoints.update, payload);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
}
