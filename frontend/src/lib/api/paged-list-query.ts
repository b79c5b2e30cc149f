import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './client';
import type { Paginated } from './envelope';

/** The page every server-paged list asks for (1-based), beside its filters. */
export interface PageParams {
  pageIndex: number;
  pageSize: number;
}

/**
 * Query options of a server-paged list read with GET `path`, `params` being its query
 * string: the page shown stays while the next one loads.
 */
export function pagedListQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  params: PageParams,
  options: { staleTime?: number } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<Paginated<T>>(path, { ...params }, { signal }),
    placeholderData: keepPreviousData,
    ...options,
  });
}
