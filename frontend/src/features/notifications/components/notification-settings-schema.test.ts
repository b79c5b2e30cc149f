import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../api/types';
import {
  addEmails,
  EMPTY_NOTIFICATION_SETTINGS_VALUES,
  isEmailOff,
  isTelegramOff,
  mailboxAddress,
  notificationSettingsSchema,
  splitEmails,
  toNotificationSettingsValues,
  type NotificationSettingsFormValues,
} from './notification-settings-schema';

const stored: NotificationSettings = {
  smtpHost: 'smtp.example.com',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUserName: 'shop',
  hasSmtpPassword: true,
  mailFrom: 'Cửa hàng <shop@example.com>',
  mailReplyTo: null,
  sellerEmails: ['owner@example.com'],
  hasTelegramBotToken: true,
  telegramChatId: '-1001234567890',
  events: {
    orderPlaced: true,
    codesReady: true,
    codesReplaced: true,
    needsAttention: true,
    linkResent: true,
    sellerOrderPaid: false,
    sellerTransferUnmatched: true,
    sellerNeedsAttention: true,
    sellerLowStock: true,
    sellerDeliveryFailed: true,
    sellerWebhookRefused: false,
  },
  updatedAt: '2026-11-21T03:00:00Z',
  updatedBy: 'admin',
  emailEnabled: true,
  telegramEnabled: true,
  smtpFromEnvironment: false,
  telegramFromEnvironment: false,
};

function parse(
  changes: Partial<NotificationSettingsFormValues>,
  base: NotificationSettings | undefined = stored,
) {
  return notificationSettingsSchema.safeParse({
    ...toNotificationSettingsValues(base),
    ...changes,
  });
}

function errorsOf(changes: Partial<NotificationSettingsFormValues>, base?: NotificationSettings) {
  const result = parse(changes, base);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('notification settings schema', () => {
  it('never fills the secrets in, and a blank secret keeps the stored one', () => {
    const values = toNotificationSettingsValues(stored);
    expect(values.smtpPassword).toBe('');
    expect(values.telegramBotToken).toBe('');
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('smtpPassword');
    expect(result.data).not.toHaveProperty('telegramBotToken');
    expect(result.data).not.toHaveProperty('hasSmtpPassword');
    expect(result.data).toMatchObject({
      smtpHost: 'smtp.example.com',
      smtpPort: 587,
      mailReplyTo: null,
      sellerEmails: ['owner@example.com'],
    });
  });

  it('sends a typed secret, and an empty string to clear one', () => {
    expect(parse({ smtpPassword: ' app pass ' }).data?.smtpPassword).toBe(' app pass ');
    expect(parse({ clearSmtpPassword: true }).data?.smtpPassword).toBe('');
    expect(parse({ clearTelegramBotToken: true, telegramChatId: '' }).data?.telegramBotToken).toBe(
      '',
    );
    // A typed value wins over the clear action.
    const token = `123456:${'A'.repeat(35)}`;
    expect(
      parse({ clearTelegramBotToken: true, telegramBotToken: token }).data?.telegramBotToken,
    ).toBe(token);
  });

  it('checks host, port, sender and reply-to', () => {
    expect(errorsOf({ smtpHost: 'smtp example.com' }).smtpHost).toBe(
      'Máy chủ SMTP là một tên miền hoặc địa chỉ IP, không có khoảng trắng',
    );
    expect(errorsOf({ smtpPort: '70000' }).smtpPort).toBe('Cổng là số từ 1 đến 65535');
    expect(errorsOf({ smtpPort: 'abc' }).smtpPort).toBe('Cổng là số từ 1 đến 65535');
    expect(errorsOf({ mailFrom: '' }).mailFrom).toBe(
      'Nhập địa chỉ người gửi khi đã nhập máy chủ SMTP',
    );
    expect(errorsOf({ mailFrom: 'Shop <not-an-address>' }).mailFrom).toBe(
      'Địa chỉ người gửi không hợp lệ',
    );
    expect(errorsOf({ mailReplyTo: 'x@' }).mailReplyTo).toBe('Địa chỉ nhận trả lời không hợp lệ');
    // No host: the environment's defaults apply, the sender may stay empty.
    expect(parse({ smtpHost: '', mailFrom: '' }).success).toBe(true);
  });

  it('sends the usual port of the chosen security when the port is empty', () => {
    expect(parse({ smtpPort: '', smtpSecurity: 'tls' }).data?.smtpPort).toBe(465);
    expect(parse({ smtpPort: '', smtpSecurity: 'starttls' }).data?.smtpPort).toBe(587);
    expect(parse({ smtpPort: '2525' }).data?.smtpPort).toBe(2525);
  });

  it('names an invalid or repeated seller address', () => {
    expect(errorsOf({ sellerEmails: ['owner@example.com', 'bad'] }).sellerEmails).toBe(
      'Email không hợp lệ: bad',
    );
    expect(errorsOf({ sellerEmails: ['a@example.com', 'A@example.com'] }).sellerEmails).toBe(
      'Email bị trùng: A@example.com',
    );
    expect(
      errorsOf({ sellerEmails: Array.from({ length: 11 }, (_, i) => `s${i}@example.com`) })
        .sellerEmails,
    ).toBe('Tối đa 10 email người bán');
  });

  it('checks the Telegram token and wants a chat id with a token', () => {
    expect(errorsOf({ telegramBotToken: 'not a token' }).telegramBotToken).toBe(
      'Token bot có dạng 123456789:ABC-DEF… (lấy từ @BotFather)',
    );
    expect(errorsOf({ telegramChatId: 'chat' }).telegramChatId).toBe(
      'Chat id là một số (có thể âm) hoặc @tenkenh',
    );
    expect(errorsOf({ telegramChatId: '' }).telegramChatId).toBe(
      'Nhập chat id để bot biết gửi tin nhắn tới đâu',
    );
    expect(parse({ telegramChatId: '@shopalerts' }).success).toBe(true);
    expect(parse({ ...EMPTY_NOTIFICATION_SETTINGS_VALUES }, undefined).success).toBe(true);
  });

  it('splits typed lists and adds an address once', () => {
    expect(splitEmails(' a@x.vn, b@x.vn;c@x.vn  d@x.vn ')).toEqual([
      'a@x.vn',
      'b@x.vn',
      'c@x.vn',
      'd@x.vn',
    ]);
    expect(addEmails(['a@x.vn'], ['A@x.vn', 'b@x.vn', 'b@x.vn'])).toEqual(['a@x.vn', 'b@x.vn']);
    expect(mailboxAddress('Cửa hàng <shop@example.com>')).toBe('shop@example.com');
    expect(mailboxAddress('nope')).toBeNull();
  });

  it("reads whether e-mail and Telegram are on from the service's flags", () => {
    expect(isEmailOff(stored)).toBe(false);
    expect(isEmailOff({ ...stored, emailEnabled: false })).toBe(true);
    expect(isTelegramOff(stored)).toBe(false);
    expect(isTelegramOff({ ...stored, telegramEnabled: false })).toBe(true);
  });

  it('turns a switch the service left out on', () => {
    expect(
      toNotificationSettingsValues({ ...stored, events: { sellerLowStock: false } }).events,
    ).toMatchObject({ orderPlaced: true, sellerLowStock: false });
  });
});
