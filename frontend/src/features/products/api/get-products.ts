import { useQuery } from '@tanstack/react-query';
import { pagedListQueryOptions, type PageParams } from '@/lib/api/paged-list-query';
import {
  productEndpoints,
  productsKeys,
  type Product,
  type ProductSortField,
  type ProductStatus,
  type SortDirection,
} from './types';

export interface GetProductsParams extends PageParams {
  keyword?: string;
  status?: ProductStatus;
  sortBy?: ProductSortField;
  sortDir?: SortDirection;
}

/** GET admin Product/Pagination. */
export function useProducts(params: GetProductsParams) {
  return useQuery(
    pagedListQueryOptions<Product>(
      productsKeys.adminList(params),
      productEndpoints.pagination,
      params,
    ),
  );
}
