import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import {
  appConfigurationKeys,
  CONFIGURATION_PATHS,
  type AdminAppConfiguration,
  type UpdateAppConfigurationPayload,
} from './types';

/** PUT admin Configuration/AppConfiguration (admin only; code 1 with `details` per field). */
export function updateAppConfiguration(
  payload: UpdateAppConfigurationPayload,
): Promise<AdminAppConfiguration> {
  return api.put<AdminAppConfiguration>(CONFIGURATION_PATHS.admin, payload);
}

export function useUpdateAppConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppConfiguration,
    onSuccess: (saved) => {
      queryClient.setQueryData(appConfigurationKeys.admin, saved);
      // The storefront's copy (topbar, footer, analytics) reads again.
      return queryClient.invalidateQueries({ queryKey: appConfigurationKeys.web });
    },
  });
}
