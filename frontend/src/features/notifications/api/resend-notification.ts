import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { QUERY_ROOTS } from '@/lib/api/query-keys';
import { notificationEndpoints, notificationsKeys, type NotificationDelivery } from './types';

/** POST admin Notification/Resend: a failed delivery goes back to `pending` (a sent one: code 404). */
export function resendNotification(id: string): Promise<NotificationDelivery> {
  return api.post<NotificationDelivery>(notificationEndpoints.resend, { id });
}

export function useResendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendNotification,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsKeys.deliveries }),
        // The order page lists its notifications too.
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.orders] }),
      ]),
  });
}
