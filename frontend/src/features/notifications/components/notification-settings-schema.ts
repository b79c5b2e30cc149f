import { z } from 'zod';
import { EMAIL_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { formFields } from '@/lib/api/form-errors';
import { charLength } from '@/lib/validation';
import '@/lib/zod-setup';
import {
  SELLER_EVENT_SETTINGS,
  SHOPPER_EVENT_SETTINGS,
  SMTP_SECURITIES,
  type EventSettingKey,
  type NotificationEventSettings,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type SmtpSecurity,
} from '../api/types';

const t = strings.notifications.settings.validation;

/** system's limits (services/system/src/domain/notification/settings.rs). */
export const NOTIFICATION_LIMITS = {
  hostMax: 253,
  userNameMax: 254,
  passwordMax: 256,
  mailFromMax: 320,
  sellerEmailsMax: 10,
  chatIdMax: 33,
} as const;

/** The port each security usually takes: an empty port field sends it. */
export const DEFAULT_SMTP_PORTS: Record<SmtpSecurity, number> = {
  none: 25,
  starttls: 587,
  tls: 465,
};

/** A host name or an IP address (v6 in brackets or not), as system takes it. */
const HOST = /^[A-Za-z0-9:[\]][A-Za-z0-9.:[\]-]*$/;
/** `123456789:AA…`, as @BotFather hands it out. */
const BOT_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
/** A numeric chat id (groups and channels are negative) or a public `@channel`. */
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && z.email().safeParse(value).success;
}

/** The address of `shop@example.com` or `Cửa hàng <shop@example.com>`, else null. */
export function mailboxAddress(value: string): string | null {
  const trimmed = value.trim();
  const named = /^(.*)<([^<>]+)>$/.exec(trimmed);
  const address = (named ? named[2] : trimmed).trim();
  return isEmailAddress(address) ? address : null;
}

/** A typed or pasted list: split at commas, semicolons and white space; empty pieces dropped. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((piece) => piece.trim())
    .filter(Boolean);
}

/** `list` with `added` appended, leaving out addresses already there (any case). */
export function addEmails(list: readonly string[], added: readonly string[]): string[] {
  const next = [...list];
  for (const email of added) {
    if (!next.some((existing) => existing.toLowerCase() === email.toLowerCase())) next.push(email);
  }
  return next;
}

const eventsSchema = z.object(
  Object.fromEntries(
    [...SHOPPER_EVENT_SETTINGS, ...SELLER_EVENT_SETTINGS].map((key) => [key, z.boolean()]),
  ) as Record<EventSettingKey, z.ZodBoolean>,
);

/**
 * The settings form. The two secrets are write-only: their fields start empty, an empty
 * field keeps what is stored, `clear…` (the "Xóa" action) clears it, a typed value
 * replaces it. `has…` says whether one is stored now and is never sent.
 */
export const notificationSettingsSchema = z
  .object({
    smtpHost: z.string().trim(),
    smtpPort: z.string().trim(),
    smtpSecurity: z.enum(SMTP_SECURITIES),
    smtpUserName: z.string().trim(),
    smtpPassword: z.string(),
    clearSmtpPassword: z.boolean(),
    hasSmtpPassword: z.boolean(),
    mailFrom: z.string().trim(),
    mailReplyTo: z.string().trim(),
    sellerEmails: z.array(z.string()),
    telegramBotToken: z.string().trim(),
    clearTelegramBotToken: z.boolean(),
    hasTelegramBotToken: z.boolean(),
    telegramChatId: z.string().trim(),
    events: eventsSchema,
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof typeof values, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });

    if (
      values.smtpHost !== '' &&
      (values.smtpHost.length > NOTIFICATION_LIMITS.hostMax || !HOST.test(values.smtpHost))
    ) {
      issue('smtpHost', t.smtpHostInvalid);
    }
    if (values.smtpPort !== '') {
      const port = /^\d{1,5}$/.test(values.smtpPort) ? Number(values.smtpPort) : NaN;
      if (!(port >= 1 && port <= 65535)) issue('smtpPort', t.smtpPortInvalid);
    }
    if (charLength(values.smtpUserName) > NOTIFICATION_LIMITS.userNameMax)
      issue('smtpUserName', t.userNameTooLong);
    if (
      charLength(values.smtpPassword) > NOTIFICATION_LIMITS.passwordMax ||
      CONTROL.test(values.smtpPassword)
    ) {
      issue('smtpPassword', t.passwordTooLong);
    }

    if (values.mailFrom === '') {
      if (values.smtpHost !== '') issue('mailFrom', t.mailFromRequired);
    } else if (
      charLength(values.mailFrom) > NOTIFICATION_LIMITS.mailFromMax ||
      mailboxAddress(values.mailFrom) === null
    ) {
      issue('mailFrom', t.mailFromInvalid);
    }
    if (values.mailReplyTo !== '' && !isEmailAddress(values.mailReplyTo))
      issue('mailReplyTo', t.replyToInvalid);

    const seen = new Set<string>();
    for (const email of values.sellerEmails) {
      const key = email.trim().toLowerCase();
      if (!isEmailAddress(email.trim())) {
        issue('sellerEmails', t.sellerEmailInvalid(email));
        break;
      }
      if (seen.has(key)) {
        issue('sellerEmails', t.sellerEmailDuplicate(email));
        break;
      }
      seen.add(key);
    }
    if (values.sellerEmails.length > NOTIFICATION_LIMITS.sellerEmailsMax)
      issue('sellerEmails', t.sellerEmailsTooMany(NOTIFICATION_LIMITS.sellerEmailsMax));

    if (values.telegramBotToken !== '' && !BOT_TOKEN.test(values.telegramBotToken))
      issue('telegramBotToken', t.botTokenInvalid);
    if (values.telegramChatId !== '') {
      if (!CHAT_ID.test(values.telegramChatId)) issue('telegramChatId', t.chatIdInvalid);
    } else if (
      values.telegramBotToken !== '' ||
      (values.hasTelegramBotToken && !values.clearTelegramBotToken)
    ) {
      issue('telegramChatId', t.chatIdRequired);
    }
  })
  .transform((values): NotificationSettingsUpdate => {
    const payload: NotificationSettingsUpdate = {
      smtpHost: values.smtpHost,
      smtpPort:
        values.smtpPort === '' ? DEFAULT_SMTP_PORTS[values.smtpSecurity] : Number(values.smtpPort),
      smtpSecurity: values.smtpSecurity,
      smtpUserName: values.smtpUserName,
      mailFrom: values.mailFrom,
      mailReplyTo: values.mailReplyTo || null,
      sellerEmails: values.sellerEmails.map((email) => email.trim()),
      telegramChatId: values.telegramChatId,
      events: values.events,
    };
    // Write-only: left out keeps the stored secret, '' clears it.
    if (values.smtpPassword !== '') payload.smtpPassword = values.smtpPassword;
    else if (values.clearSmtpPassword) payload.smtpPassword = '';
    if (values.telegramBotToken !== '') payload.telegramBotToken = values.telegramBotToken;
    else if (values.clearTelegramBotToken) payload.telegramBotToken = '';
    return payload;
  });

export type NotificationSettingsFormValues = z.input<typeof notificationSettingsSchema>;

const ALL_ON = Object.fromEntries(
  [...SHOPPER_EVENT_SETTINGS, ...SELLER_EVENT_SETTINGS].map((key) => [key, true]),
) as NotificationEventSettings;

export const EMPTY_NOTIFICATION_SETTINGS_VALUES: NotificationSettingsFormValues = {
  smtpHost: '',
  smtpPort: '',
  smtpSecurity: 'starttls',
  smtpUserName: '',
  smtpPassword: '',
  clearSmtpPassword: false,
  hasSmtpPassword: false,
  mailFrom: '',
  mailReplyTo: '',
  sellerEmails: [],
  telegramBotToken: '',
  clearTelegramBotToken: false,
  hasTelegramBotToken: false,
  telegramChatId: '',
  events: ALL_ON,
};

/** The form's fields: a server `error.details` entry naming one shows under it. */
export const NOTIFICATION_SETTINGS_FIELDS = formFields(EMPTY_NOTIFICATION_SETTINGS_VALUES);

/** The form for the saved settings; the secrets are never filled in (write-only). */
export function toNotificationSettingsValues(
  settings: NotificationSettings | undefined,
): NotificationSettingsFormValues {
  if (!settings) return EMPTY_NOTIFICATION_SETTINGS_VALUES;
  return {
    smtpHost: settings.smtpHost ?? '',
    smtpPort: settings.smtpPort ? String(settings.smtpPort) : '',
    smtpSecurity: (SMTP_SECURITIES as readonly string[]).includes(settings.smtpSecurity)
      ? settings.smtpSecurity
      : 'starttls',
    smtpUserName: settings.smtpUserName ?? '',
    smtpPassword: '',
    clearSmtpPassword: false,
    hasSmtpPassword: settings.hasSmtpPassword,
    mailFrom: settings.mailFrom ?? '',
    mailReplyTo: settings.mailReplyTo ?? '',
    sellerEmails: [...(settings.sellerEmails ?? [])],
    telegramBotToken: '',
    clearTelegramBotToken: false,
    hasTelegramBotToken: settings.hasTelegramBotToken,
    telegramChatId: settings.telegramChatId ?? '',
    events: { ...ALL_ON, ...settings.events },
  };
}

/** E-mail is off: no SMTP server stored here and none from the environment (`SMTP_URL`). */
export function isEmailOff(settings: NotificationSettings): boolean {
  return !settings.emailEnabled;
}

/** Telegram is off: no bot token and chat id, stored here or from the environment. */
export function isTelegramOff(settings: NotificationSettings): boolean {
  return !settings.telegramEnabled;
}
