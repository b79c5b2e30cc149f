import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Public shop configuration (api.md, system). */
export interface PublicAppConfiguration {
  shopName: string | null;
  shopTagline: string | null;
  logoUrl: string | null;
  socialUrl: string | null;
  footerNote: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  analyticsId: string | null;
}

export const APP_CONFIGURATION_PATH = '/system/api/web/v1/Configuration/AppConfiguration';

export function getAppConfiguration(signal?: AbortSignal): Promise<PublicAppConfiguration> {
  return api.get<PublicAppConfiguration>(APP_CONFIGURATION_PATH, undefined, { signal });
}

export function getAppConfigurationQueryOptions() {
  return queryOptions({
    queryKey: ['app-configuration', 'web'] as const,
    queryFn: ({ signal }) => getAppConfiguration(signal),
    staleTime: 5 * 60_000,
    // The storefront falls back to defaults: no retries, no error toast.
    retry: false,
  });
}

export function useAppConfiguration() {
  return useQuery(getAppConfigurationQueryOptions());
}
