/** The Notifications API's wire types from system's OpenAPI document. */
import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import type {
  NotificationChannel,
  NotificationEvent,
  NotificationStatus,
} from '@/lib/notifications';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

export type { NotificationChannel, NotificationEvent, NotificationStatus };

export type SmtpSecurity = ApiSchema<'SmtpSecurity'>;
export const SMTP_SECURITIES = [
  'none',
  'starttls',
  'tls',
] as const satisfies readonly SmtpSecurity[];

/** One switch per message: the shopper's e-mails, then the seller's alerts. */
export const SHOPPER_EVENT_SETTINGS = [
  'orderPlaced',
  'codesReady',
  'codesReplaced',
  'needsAttention',
  'linkResent',
] as const satisfies readonly EventSettingKey[];
export const SELLER_EVENT_SETTINGS = [
  'sellerOrderPaid',
  'sellerTransferUnmatched',
  'sellerNeedsAttention',
  'sellerLowStock',
  'sellerDeliveryFailed',
  'sellerWebhookRefused',
] as const satisfies readonly EventSettingKey[];
export type EventSettingKey = keyof ApiSchema<'EventSwitches'>;
export type NotificationEventSettings = Required<ApiSchema<'EventSwitches'>>;

/**
 * GET admin Configuration/Notifications. Secrets never come back, only whether one is
 * stored; `emailEnabled`, `telegramEnabled` and the `…FromEnvironment` flags say what is
 * in force. A switch left out of `events` is on.
 */
export type NotificationSettings = ApiSchema<'NotificationSettings'>;

/**
 * PUT admin Configuration/Notifications: a field left out stays. The secrets are
 * write-only: left out keeps the stored one, `''` clears it, a value replaces it.
 * `events` takes any subset of the switches (the document leaves it an untyped object).
 */
export type NotificationSettingsUpdate = Omit<ApiSchema<'NotificationSettingsUpdate'>, 'events'> & {
  events?: Partial<NotificationEventSettings>;
};

/** POST admin Notification/Test: e-mail to `to` (default: the first seller address, else the sender). */
export type TestNotificationPayload = ApiSchema<'NotificationTest'>;

/** Always `sent: true` (a refusal is code 1). */
export type TestNotificationResult = ApiSchema<'NotificationTestResult'>;

export type NotificationAudience = ApiSchema<'Audience'>;

/** A delivery in admin Notification/Pagination; `recipient` comes masked. */
export type NotificationDelivery = ApiSchema<'NotificationDelivery'>;

const CONFIGURATION_API = '/system/api/admin/v1/Configuration';
const NOTIFICATION_API = '/system/api/admin/v1/Notification';

export const notificationEndpoints = {
  settings: `${CONFIGURATION_API}/Notifications`,
  test: `${NOTIFICATION_API}/Test`,
  pagination: `${NOTIFICATION_API}/Pagination`,
  resend: `${NOTIFICATION_API}/Resend`,
} as const satisfies Record<string, ApiPath>;

/** Under the shared root, so an order action that queues an e-mail refreshes the deliveries. */
export const notificationsKeys = {
  all: [QUERY_ROOTS.notifications] as const,
  settings: [QUERY_ROOTS.notifications, 'settings'] as const,
  deliveries: [QUERY_ROOTS.notifications, 'deliveries'] as const,
  deliveryList: (params: object) => [QUERY_ROOTS.notifications, 'deliveries', params] as const,
};
