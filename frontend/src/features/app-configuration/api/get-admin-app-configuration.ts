import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { appConfigurationKeys, CONFIGURATION_PATHS, type AdminAppConfiguration } from './types';

/** GET admin Configuration/AppConfiguration (staff may read, only admin may save). */
export function getAdminAppConfiguration(signal?: AbortSignal): Promise<AdminAppConfiguration> {
  return api.get<AdminAppConfiguration>(CONFIGURATION_PATHS.admin, undefined, { signal });
}

export function getAdminAppConfigurationQueryOptions() {
  return queryOptions({
    queryKey: appConfigurationKeys.admin,
    queryFn: ({ signal }) => getAdminAppConfiguration(signal),
    staleTime: 0,
  });
}

export function useAdminAppConfiguration() {
  return useQuery(getAdminAppConfigurationQueryOptions());
}
