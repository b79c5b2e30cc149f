import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { notificationEndpoints, notificationsKeys, type NotificationSettings } from './types';

/** GET admin Configuration/Notifications (admin only): the settings, without the secrets. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>(notificationEndpoints.settings, undefined, { signal });
}

export function getNotificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.settings,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    staleTime: 0,
  });
}

export function useNotificationSettings() {
  return useQuery(getNotificationSettingsQueryOptions());
}
