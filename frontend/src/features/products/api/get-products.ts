import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paginated } from '@/lib/api-types';
import { productEndpoints, productsKeys, type Product, type ProductSortField, type ProductStatus, type SortDirection } from './types';

export interface GetProductsParams {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  status?: ProductStatus;
  sortBy?: ProductSortField;
  sortDir?: SortDirection;
}

/** GET admin Product/Pagination. */
export function getProducts(params: GetProductsParams, signal?: AbortSignal): Promise<Paginated<Product>> {
  return api.get<Paginated<Product>>(productEndpoints.pagination, { ...params }, { signal });
}

export function getProductsQueryOptions(params: GetProductsParams) {
  return queryOptions({
    queryKey: productsKeys.adminList(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: GetProductsParams) {
  return useQuery(getProductsQueryOptions(params));
}
