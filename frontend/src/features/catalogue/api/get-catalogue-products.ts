import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Paginated } from '@/lib/api/envelope';
import { CATALOGUE_PATH, catalogueKeys, type CatalogueProduct } from './types';

/** Divisible by 1, 2, 3 and 4: full rows at every grid width. */
export const CATALOGUE_PAGE_SIZE = 12;

/** The search is kept in the home page's `?keyword=`, so it survives a reload. */
export const CATALOGUE_KEYWORD_PARAM = 'keyword';

export interface GetCatalogueProductsParams {
  keyword?: string;
  pageIndex: number;
  pageSize: number;
}

/** GET web Product/Pagination: active products, `sortOrder asc, createdAt desc`. */
export async function getCatalogueProducts(
  params: GetCatalogueProductsParams,
  signal?: AbortSignal,
): Promise<Paginated<CatalogueProduct>> {
  return normaliseCataloguePage(
    await api.get<Paginated<CatalogueProduct>>(CATALOGUE_PATH, { ...params }, { signal }),
  );
}

/** A storefront never breaks on a surprising answer: no list means no products. */
export function normaliseCataloguePage(
  page: Paginated<CatalogueProduct> | null | undefined,
): Paginated<CatalogueProduct> {
  return {
    pageIndex: page?.pageIndex ?? 1,
    pageSize: page?.pageSize ?? CATALOGUE_PAGE_SIZE,
    items: Array.isArray(page?.items) ? page.items : [],
    totalCount: page?.totalCount ?? 0,
  };
}

/** The next page's index, or undefined once every product is loaded. */
export function nextPageIndex(page: Paginated<unknown>): number | undefined {
  return page.pageIndex * page.pageSize < page.totalCount && page.items.length > 0
    ? page.pageIndex + 1
    : undefined;
}

export function getCatalogueProductsQueryOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: catalogueKeys.list({ keyword }),
    queryFn: ({ pageParam, signal }) =>
      getCatalogueProducts(
        { keyword: keyword || undefined, pageIndex: pageParam, pageSize: CATALOGUE_PAGE_SIZE },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
    // While a new search runs, the previous results stay on screen.
    placeholderData: keepPreviousData,
  });
}

export function useCatalogueProducts(keyword: string) {
  return useInfiniteQuery(getCatalogueProductsQueryOptions(keyword));
}
