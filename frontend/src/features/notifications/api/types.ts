/**
 * The Notifications API's wire types (api.md, system, Notifications), written by hand
 * from the contract while system's OpenAPI document does not describe them yet. This
 * file is the only place they are stated: once `make api-types` generates them, each
 * becomes an `ApiSchema<'…'>` alias and the endpoints `satisfies Record<string, ApiPath>`.
 */
import type { NotificationChannel, NotificationEvent, NotificationStatus } from '@/lib/notifications';
import { QUERY_ROOTS } from '@/lib/query-keys';

export type { NotificationChannel, NotificationEvent, NotificationStatus };

export const SMTP_SECURITIES = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];

/** One switch per message: the shopper's e-mails, then the seller's alerts. */
export const SHOPPER_EVENT_SETTINGS = ['orderPlaced', 'codesReady', 'codesReplaced', 'needsAttention', 'linkResent'] as const;
export const SELLER_EVENT_SETTINGS = [
  'sellerOrderPaid',
  'sellerTransferUnmatched',
  'sellerNeedsAttention',
  'sellerLowStock',
  'sellerDeliveryFailed',
  'sellerWebhookRefused',
] as const;
export type EventSettingKey = (typeof SHOPPER_EVENT_SETTINGS)[number] | (typeof SELLER_EVENT_SETTINGS)[number];
export type NotificationEventSettings = Record<EventSettingKey, boolean>;

/** GET admin Configuration/Notifications. Secrets never come back, only whether one is stored. */
export interface NotificationSettings {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecurity: SmtpSecurity;
  smtpUserName: string | null;
  hasSmtpPassword: boolean;
  mailFrom: string | null;
  mailReplyTo?: string | null;
  sellerEmails: string[];
  hasTelegramBotToken: boolean;
  telegramChatId: string | null;
  events: NotificationEventSettings;
  updatedAt: string | null;
  updatedBy: string | null;
  /** Whether e-mail goes out at all (a host stored here or `SMTP_URL`); not in api.md yet. */
  emailEnabled?: boolean;
  /** Whether Telegram goes out at all (a token stored here or `TELEGRAM_BOT_TOKEN`); not in api.md yet. */
  telegramEnabled?: boolean;
  /** No host stored here, and `SMTP_URL` supplies one; not in api.md yet. */
  smtpFromEnvironment?: boolean;
}

/**
 * PUT admin Configuration/Notifications: the settings' fields; the secrets are
 * write-only: left out to keep the stored one, `''` to clear it, a value to replace it.
 */
export interface NotificationSettingsUpdate {
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: SmtpSecurity;
  smtpUserName: string;
  smtpPassword?: string;
  mailFrom: string;
  mailReplyTo: string | null;
  sellerEmails: string[];
  telegramBotToken?: string;
  telegramChatId: string;
  events: NotificationEventSettings;
}

/** POST admin Notification/Test: `to` for e-mail only (the stored chat id for Telegram). */
export interface TestNotificationPayload {
  channel: NotificationChannel;
  to?: string;
}

export interface TestNotificationResult {
  sent: boolean;
}

/** A delivery in admin Notification/Pagination; `recipient` comes masked. */
export interface NotificationDelivery {
  id: string;
  event: NotificationEvent | (string & {});
  channel: NotificationChannel | (string & {});
  /** `shopper` or `seller`; not in api.md's list, shown when present. */
  audience?: string;
  recipient: string;
  orderCode?: string | null;
  /** The order's id, for a link to its page; not in api.md's list, used when present. */
  orderId?: string | null;
  status: NotificationStatus | (string & {});
  attempts: number;
  lastError?: string | null;
  createdAt: string;
  sentAt?: string | null;
}

const CONFIGURATION_API = '/system/api/admin/v1/Configuration';
const NOTIFICATION_API = '/system/api/admin/v1/Notification';

export const notificationEndpoints = {
  settings: `${CONFIGURATION_API}/Notifications`,
  test: `${NOTIFICATION_API}/Test`,
  pagination: `${NOTIFICATION_API}/Pagination`,
  resend: `${NOTIFICATION_API}/Resend`,
} as const;

/** Under the shared root, so an order action that queues an e-mail refreshes the deliveries. */
export const notificationsKeys = {
  all: [QUERY_ROOTS.notifications] as const,
  settings: [QUERY_ROOTS.notifications, 'settings'] as const,
  deliveries: [QUERY_ROOTS.notifications, 'deliveries'] as const,
  deliveryList: (params: object) => [QUERY_ROOTS.notifications, 'deliveries', params] as const,
};
