import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { productEndpoints, productsKeys, type Product, type ProductPayload } from './types';

/** POST admin Product/Create (code 301: slug taken). */
export function createProduct(payload: ProductPayload): Promise<Product> {
  return api.post<Product>(productEndpoints.create, payload);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
}
