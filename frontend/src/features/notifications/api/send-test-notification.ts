import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import {
  notificationEndpoints,
  notificationsKeys,
  type TestNotificationPayload,
  type TestNotificationResult,
} from './types';

/**
 * POST admin Notification/Test: sends a test e-mail or Telegram message now with the
 * stored settings. Code 1 carries the SMTP or Telegram server's own refusal in `message`.
 */
export function sendTestNotification(
  payload: TestNotificationPayload,
): Promise<TestNotificationResult> {
  return api.post<TestNotificationResult>(notificationEndpoints.test, payload);
}

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    // A test may be listed among the deliveries.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.deliveries }),
  });
}
