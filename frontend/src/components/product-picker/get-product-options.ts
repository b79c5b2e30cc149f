import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Paginated } from '@/lib/api/envelope';
import { productOptionEndpoints, productOptionsKeys, type ProductOption } from './types';

const OPTIONS_PAGE_SIZE = 20;

/** GET admin Product/Pagination, trimmed to what the product picker shows. */
export async function getProductOptions(
  keyword: string,
  signal?: AbortSignal,
): Promise<ProductOption[]> {
  const page = await api.get<Paginated<ProductOption>>(
    productOptionEndpoints.pagination,
    {
      pageIndex: 1,
      pageSize: OPTIONS_PAGE_SIZE,
      keyword: keyword || undefined,
      sortBy: 'name',
      sortDir: 'asc',
    },
    { signal },
  );
  return page.items.map(({ id, name }) => ({ id, name }));
}

export function getProductOptionsQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: productOptionsKeys.search(keyword),
    queryFn: ({ signal }) => getProductOptions(keyword, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProductOptions(keyword: string, enabled = true) {
  return useQuery({ ...getProductOptionsQueryOptions(keyword), enabled });
}
