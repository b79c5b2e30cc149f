/**
 * The Notifications API's wire types (api.md, system, Notifications), written by hand to
 * match system's OpenAPI document (the schema named beside each). They are not generated
 * yet: `make api-types` refuses to merge system's `EventKind` (the notification events)
 * with retailstore's (the order timeline's) until one is renamed. This file is the only
 * place they are stated: once generated, each becomes an `ApiSchema<'…'>` alias and the
 * endpoints `satisfies Record<string, ApiPath>`.
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

/**
 * GET admin Configuration/Notifications (system's `NotificationSettings`). Secrets never
 * come back, only whether one is stored; the last four say what is in force.
 */
export interface NotificationSettings {
  /** Empty: `SMTP_URL` (the environment) applies. */
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: SmtpSecurity;
  smtpUserName: string;
  hasSmtpPassword: boolean;
  /** `shop@example.vn` or `Shop <shop@example.vn>`; empty: `MAIL_FROM` with `SMTP_URL`. */
  mailFrom: string;
  mailReplyTo: string | null;
  sellerEmails: string[];
  hasTelegramBotToken: boolean;
  /** A chat id or `@channel`; empty: `TELEGRAM_CHAT_ID`. */
  telegramChatId: string;
  /** A switch left out is on. */
  events: Partial<NotificationEventSettings>;
  updatedAt: string;
  updatedBy: string | null;
  /** E-mail goes out (a server and a sender, stored or from the environment). */
  emailEnabled: boolean;
  /** Telegram alerts go out (a token and a chat id, stored or from the environment). */
  telegramEnabled: boolean;
  /** The stored host is empty and the environment's `SMTP_URL` is used. */
  smtpFromEnvironment: boolean;
  /** The environment's bot token or chat id is used. */
  telegramFromEnvironment: boolean;
}

/**
 * PUT admin Configuration/Notifications (`NotificationSettingsUpdate`): a field left out
 * stays. The secrets are write-only: left out keeps the stored one, `''` clears it, a
 * value replaces it. `events` takes any subset of the switches (the generated type
 * leaves it an untyped object, so it stays written here).
 */
export interface NotificationSettingsUpdate {
  smtpHost?: string | null;
  smtpPort?: number;
  smtpSecurity?: SmtpSecurity;
  smtpUserName?: string | null;
  smtpPassword?: string | null;
  mailFrom?: string | null;
  mailReplyTo?: string | null;
  sellerEmails?: string[] | null;
  telegramBotToken?: string | null;
  telegramChatId?: string | null;
  events?: Partial<NotificationEventSettings>;
}

/** POST admin Notification/Test (`NotificationTest`): e-mail to `to` (default: the first seller address, else the sender). */
export interface TestNotificationPayload {
  channel: NotificationChannel;
  to?: string | null;
}

/** `NotificationTestResult`: always `sent: true` (a refusal is code 1). */
export interface TestNotificationResult {
  sent: boolean;
}

export type NotificationAudience = 'shopper' | 'seller';

/** A delivery in admin Notification/Pagination (`NotificationDelivery`); `recipient` comes masked. */
export interface NotificationDelivery {
  id: string;
  event: NotificationEvent;
  channel: NotificationChannel;
  audience: NotificationAudience;
  recipient: string;
  orderCode: string | null;
  /** The order's id (for a link to its page), when the event names one. */
  orderId: string | null;
  status: NotificationStatus;
  attempts: number;
  /** The last failure, in the mail or Telegram server's words. */
  lastError: string | null;
  /** While pending: not before this. */
  nextAttemptAt: string;
  createdAt: string;
  sentAt: string | null;
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
