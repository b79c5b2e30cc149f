import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { productOptionEndpoints, productOptionsKeys, type ProductOption } from './types';

/** GET admin Product/Read?id=: the name of a product chosen by URL (`?productId=`). */
export async function getProductOption(id: string, signal?: AbortSignal): Promise<ProductOption> {
  const product = await api.get<ProductOption>(productOptionEndpoints.read, { id }, { signal });
  return { id: product.id, name: product.name };
}

export function getProductOptionQueryOptions(id: string) {
  return queryOptions({
    queryKey: productOptionsKeys.one(id),
    queryFn: ({ signal }) => getProductOption(id, signal),
  });
}

export function useProductOption(id: string | null | undefined) {
  return useQuery({ ...getProductOptionQueryOptions(id ?? ''), enabled: Boolean(id) });
}
