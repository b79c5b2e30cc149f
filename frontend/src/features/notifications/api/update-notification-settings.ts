import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import {
  notificationEndpoints,
  notificationsKeys,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from './types';

/** PUT admin Configuration/Notifications (code 1 with `details` per field). */
export function updateNotificationSettings(
  payload: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return api.put<NotificationSettings>(notificationEndpoints.settings, payload);
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationsKeys.settings, saved),
  });
}
