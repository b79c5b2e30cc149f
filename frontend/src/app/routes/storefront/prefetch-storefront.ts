import type { QueryClient } from '@tanstack/react-query';
import { getAppConfigurationQueryOptions } from '@/features/app-configuration/api/get-app-configuration';
import {
  CATALOGUE_KEYWORD_PARAM,
  getCatalogueProductsQueryOptions,
} from '@/features/catalogue/api/get-catalogue-products';
import { paths } from '@/config/paths';

/**
 * Starts the storefront's reads as soon as the script runs, in parallel with React's first
 * render instead of after it: on a slow phone that render takes hundreds of milliseconds,
 * and the home's largest paint is the first product. The screens then find the answers
 * in the cache (same query keys and options). Back-office paths read nothing here.
 */
export function prefetchStorefront(
  client: QueryClient,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): void {
  if (pathname !== paths.home && pathname !== paths.orderDetail) return;
  void client.prefetchQuery(getAppConfigurationQueryOptions());
  if (pathname === paths.home) {
    const keyword = new URLSearchParams(search).get(CATALOGUE_KEYWORD_PARAM)?.trim() ?? '';
    void client.prefetchInfiniteQuery(getCatalogueProductsQueryOptions(keyword));
  }
}
