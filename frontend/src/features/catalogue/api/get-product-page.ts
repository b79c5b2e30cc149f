import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { PRODUCT_PAGE_PATH, catalogueKeys, type ProductPage } from './types';

/** GET web Product/BySlug: one active product by its slug, or by an earlier one (then `canonicalSlug` differs). */
export async function getProductPage(slug: string, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>(PRODUCT_PAGE_PATH, { slug }, { signal });
}

/** The shop answers 404 (code 2) for an unknown, draft or hidden product, and code 1 for a malformed slug. */
export function isProductNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 404 || error.code === 1 || error.code === 2)
  );
}

export function getProductPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: catalogueKeys.product(slug),
    queryFn: ({ signal }) => getProductPage(slug, signal),
  });
}

export function useProductPage(slug: string) {
  return useQuery(getProductPageQueryOptions(slug));
}
