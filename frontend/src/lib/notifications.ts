/**
 * Notification deliveries (docs/notifications.md): the events, channels and statuses a
 * delivery carries, shared by the back office's Notifications screen and the admin order
 * page's "Thông báo" section; checked against system's OpenAPI document.
 */
import type { ApiSchema } from '@/lib/api/schemas';

/** The events system delivers (docs/notifications.md, Events). */
export const NOTIFICATION_EVENTS = [
  'order_placed',
  'codes_ready',
  'codes_replaced',
  'needs_attention',
  'link_resent',
  'low_stock',
  'transfer_unmatched',
  'webhook_refused',
  'delivery_failed',
] as const satisfies readonly ApiSchema<'NotificationEventKind'>[];
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = [
  'email',
  'telegram',
] as const satisfies readonly ApiSchema<'Channel'>[];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
] as const satisfies readonly ApiSchema<'DeliveryStatus'>[];
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

function isOneOf<T extends string>(
  values: readonly T[],
  value: string | null | undefined,
): value is T {
  return (values as readonly string[]).includes(value ?? '');
}

export function isNotificationEvent(value: string | null | undefined): value is NotificationEvent {
  return isOneOf(NOTIFICATION_EVENTS, value);
}

export function isNotificationChannel(
  value: string | null | undefined,
): value is NotificationChannel {
  return isOneOf(NOTIFICATION_CHANNELS, value);
}

export function isNotificationStatus(
  value: string | null | undefined,
): value is NotificationStatus {
  return isOneOf(NOTIFICATION_STATUSES, value);
}
