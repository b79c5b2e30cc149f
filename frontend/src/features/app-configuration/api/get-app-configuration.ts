import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { appConfigurationKeys, CONFIGURATION_PATHS, type PublicAppConfiguration } from './types';

export type { PublicAppConfiguration } from './types';

export const APP_CONFIGURATION_PATH = CONFIGURATION_PATHS.web;

/**
 * GET web Configuration/AppConfiguration. The server lets browsers keep the answer for a
 * short while; `no-cache` makes the browser ask again (a cheap revalidation) so a shop
 * name saved a moment ago shows on the next page load.
 */
export function getAppConfiguration(signal?: AbortSignal): Promise<PublicAppConfiguration> {
  return api.get<PublicAppConfiguration>(CONFIGURATION_PATHS.web, undefined, {
    signal,
    cache: 'no-cache',
  });
}

export function getAppConfigurationQueryOptions() {
  return queryOptions({
    queryKey: appConfigurationKeys.web,
    queryFn: ({ signal }) => getAppConfiguration(signal),
    staleTime: 60_000,
    // The storefront falls back to defaults: no retries, no error toast.
    retry: false,
  });
}

export function useAppConfiguration() {
  return useQuery(getAppConfigurationQueryOptions());
}
