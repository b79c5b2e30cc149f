import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { NotificationDelivery, NotificationSettings } from '../api/types';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = '/system/api/admin/v1/Configuration/Notifications';
const TEST = '/system/api/admin/v1/Notification/Test';
const PAGINATION = '/system/api/admin/v1/Notification/Pagination';
const RESEND = '/system/api/admin/v1/Notification/Resend';

const saved: NotificationSettings = {
  smtpHost: 'smtp.example.com',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUserName: 'shop@example.com',
  hasSmtpPassword: true,
  mailFrom: 'Cửa hàng A <shop@example.com>',
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
    sellerOrderPaid: true,
    sellerTransferUnmatched: true,
    sellerNeedsAttention: true,
    sellerLowStock: true,
    sellerDeliveryFailed: true,
    sellerWebhookRefused: true,
  },
  updatedAt: '2026-11-21T03:00:00Z',
  updatedBy: 'admin',
  emailEnabled: true,
  telegramEnabled: true,
  smtpFromEnvironment: false,
  telegramFromEnvironment: false,
};

const failed: NotificationDelivery = {
  id: 'd-1',
  event: 'codes_ready',
  channel: 'email',
  audience: 'shopper',
  recipient: 'a•••@example.com',
  orderCode: 'DH7K2M9QXA',
  orderId: 'o-1',
  status: 'failed',
  attempts: 7,
  lastError: '550 5.1.1 mailbox unavailable',
  nextAttemptAt: '2026-11-22T03:10:00Z',
  createdAt: '2026-11-22T03:00:00Z',
  sentAt: null,
};
const sent: NotificationDelivery = {
  id: 'd-2',
  event: 'low_stock',
  channel: 'telegram',
  audience: 'seller',
  recipient: '-100•••7890',
  orderCode: null,
  orderId: null,
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: '2026-11-22T02:00:00Z',
  createdAt: '2026-11-22T02:00:00Z',
  sentAt: '2026-11-22T02:00:05Z',
};

function signIn(role: 'admin' | 'staff' = 'admin') {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role })));
}

function page(items: NotificationDelivery[]) {
  return okEnvelope({ items, totalCount: items.length, pageIndex: 1, pageSize: 20 });
}

/** The seller addresses shown as chips (each chip's text, without its delete icon's title). */
const chipLabels = () =>
  screen
    .getAllByTestId('seller-email-chip')
    .map((chip) => chip.querySelector('.MuiChip-label')?.textContent);

const callsTo = (fetch: ReturnType<typeof mockFetch>, prefix: string) =>
  fetch.mock.calls.filter(([url]) => url.startsWith(prefix));

describe('notifications screen: settings', () => {
  it('shows the stored secrets as stored, never their values, and a blank field keeps them', async () => {
    signIn();
    const fetch = mockFetch((url, init) => {
      if (url.startsWith(SETTINGS) && init.method === 'PUT')
        return okEnvelope({ ...saved, ...jsonBody<object>(init) });
      return okEnvelope(saved);
    });
    renderApp('/admin/system/notifications');
    const user = userEvent.setup();
    const host = await screen.findByRole('textbox', { name: 'Máy chủ SMTP' });
    await waitFor(() => expect(host).toHaveValue('smtp.example.com'));

    const password = screen.getByLabelText('Mật khẩu SMTP');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('notification-smtp-password-stored')).toHaveTextContent(
      'Đã lưu mật khẩu',
    );
    expect(screen.getByLabelText('Token bot Telegram')).toHaveValue('');
    expect(screen.getByTestId('notification-telegram-token-stored')).toHaveTextContent(
      'Đã lưu token',
    );
    expect(screen.queryByTestId('notification-email-off')).not.toBeInTheDocument();

    // A switch per event, with its Vietnamese label.
    const lowStock = screen.getByRole('switch', { name: 'Sản phẩm sắp hết mã' });
    expect(lowStock).toBeChecked();
    await user.click(lowStock);

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Đã lưu cài đặt thông báo')).toBeInTheDocument();
    const put = callsTo(fetch, SETTINGS).find(([, init]) => init?.method === 'PUT')!;
    const body = jsonBody<Record<string, unknown>>(put[1]);
    expect(body).not.toHaveProperty('smtpPassword');
    expect(body).not.toHaveProperty('telegramBotToken');
    expect(body).toMatchObject({
      smtpHost: 'smtp.example.com',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      mailFrom: 'Cửa hàng A <shop@example.com>',
      mailReplyTo: null,
      sellerEmails: ['owner@example.com'],
      telegramChatId: '-1001234567890',
    });
    expect((body.events as Record<string, boolean>).sellerLowStock).toBe(false);
  });

  it('sends a new password, clears the stored token, and validates before saving', async () => {
    signIn();
    const fetch = mockFetch((url, init) =>
      url.startsWith(SETTINGS) && init.method === 'PUT' ? okEnvelope(saved) : okEnvelope(saved),
    );
    renderApp('/admin/system/notifications');
    const user = userEvent.setup();
    const port = await screen.findByRole('textbox', { name: 'Cổng' });
    await waitFor(() => expect(port).toHaveValue('587'));

    await user.clear(port);
    await user.type(port, '99999');
    const sellers = screen.getByRole('combobox', { name: 'Email người bán' });
    await user.type(sellers, 'not-an-address{Enter}');
    expect(chipLabels()).toEqual(['owner@example.com', 'not-an-address']);
    expect(
      screen.getAllByTestId('seller-email-chip').map((chip) => chip.getAttribute('data-valid')),
    ).toEqual(['true', 'false']);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Cổng là số từ 1 đến 65535')).toBeInTheDocument();
    expect(screen.getByText('Email không hợp lệ: not-an-address')).toBeInTheDocument();
    expect(callsTo(fetch, SETTINGS).some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(port);
    await user.type(port, '2525');
    await user.click(screen.getByTitle('Bỏ not-an-address'));
    await user.type(sellers, 'sales@example.com,');
    expect(chipLabels()).toEqual(['owner@example.com', 'sales@example.com']);
    await user.type(screen.getByLabelText('Mật khẩu SMTP'), 'new app password');
    await user.click(screen.getByRole('button', { name: 'Xóa Token bot Telegram đã lưu' }));
    expect(screen.getByTestId('notification-telegram-token-clearing')).toHaveTextContent(
      'Token bot Telegram đã lưu sẽ bị xóa khi bạn lưu cài đặt.',
    );
    // Without a token no chat id is needed; this one stays as it is.
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    await waitFor(() =>
      expect(callsTo(fetch, SETTINGS).some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const put = callsTo(fetch, SETTINGS).find(([, init]) => init?.method === 'PUT')!;
    expect(jsonBody(put[1])).toMatchObject({
      smtpPort: 2525,
      smtpPassword: 'new app password',
      telegramBotToken: '',
      sellerEmails: ['owner@example.com', 'sales@example.com'],
    });
  });

  it('warns that e-mail is off when no SMTP server is stored or given by the environment', async () => {
    signIn();
    mockFetch(() =>
      okEnvelope({
        ...saved,
        smtpHost: '',
        hasSmtpPassword: false,
        emailEnabled: false,
        smtpFromEnvironment: false,
        telegramEnabled: false,
      }),
    );
    renderApp('/admin/system/notifications');
    expect(await screen.findByTestId('notification-email-off')).toHaveTextContent(
      /^Email đang tắt/,
    );
    expect(screen.getByTestId('notification-telegram-off')).toHaveTextContent(/^Telegram đang tắt/);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Máy chủ SMTP' })).toHaveValue(''),
    );
    expect(screen.queryByTestId('notification-smtp-password-stored')).not.toBeInTheDocument();
  });

  it("maps the server's field errors under the fields", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch((_url, init) =>
      init.method === 'PUT'
        ? errorEnvelope(400, 1, 'Dữ liệu không hợp lệ', [
            { field: 'sellerEmails[0]', message: 'Địa chỉ này không nhận thư' },
          ])
        : okEnvelope(saved),
    );
    renderApp('/admin/system/notifications');
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Máy chủ SMTP' })).toHaveValue('smtp.example.com'),
    );
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Địa chỉ này không nhận thư')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Email người bán' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('sends staff to access denied without asking for the settings', async () => {
    signIn('staff');
    const fetch = mockFetch(() => okEnvelope(saved));
    const { router } = renderApp('/admin/system/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/access'));
    expect(callsTo(fetch, SETTINGS)).toEqual([]);
  });

  it('is in the admin menu', async () => {
    signIn('admin');
    mockFetch(() => okEnvelope(saved));
    renderApp('/admin/system/notifications');
    const menu = await screen.findByTestId('admin-menu');
    const link = within(menu).getByRole('link', { name: 'Thông báo' });
    expect(link).toHaveAttribute('href', '/admin/system/notifications');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});

describe('notifications screen: test sends', () => {
  it("sends a test e-mail to the sender by default and shows the SMTP server's refusal", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = () => errorEnvelope(400, 1, '535 5.7.8 Username and Password not accepted');
    const fetch = mockFetch((url) => (url.startsWith(TEST) ? answer() : okEnvelope(saved)));
    renderApp('/admin/system/notifications');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Email' });
    const to = within(form).getByRole('textbox', { name: 'Gửi tới' });
    await waitFor(() => expect(to).toHaveValue('shop@example.com'));

    await user.click(within(form).getByRole('button', { name: 'Gửi email thử' }));
    const error = await screen.findByTestId('notification-test-email-error');
    expect(error).toHaveRole('alert');
    expect(error).toHaveTextContent('535 5.7.8 Username and Password not accepted');
    expect(jsonBody(callsTo(fetch, TEST)[0][1])).toEqual({
      channel: 'email',
      to: 'shop@example.com',
    });

    answer = () => okEnvelope({ sent: true });
    await user.clear(to);
    await user.click(within(form).getByRole('button', { name: 'Gửi email thử' }));
    expect(await within(form).findByText('Nhập địa chỉ email')).toBeInTheDocument();
    await user.type(to, 'me@example.com');
    await user.click(within(form).getByRole('button', { name: 'Gửi email thử' }));
    expect(await screen.findByText('Đã gửi thử')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-test-email-error')).not.toBeInTheDocument();
    expect(jsonBody(callsTo(fetch, TEST)[1][1])).toEqual({
      channel: 'email',
      to: 'me@example.com',
    });
  });

  it('sends a test Telegram message to the stored chat', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = mockFetch((url) =>
      url.startsWith(TEST)
        ? errorEnvelope(400, 1, 'Bad Request: chat not found')
        : okEnvelope(saved),
    );
    renderApp('/admin/system/notifications');
    const user = userEvent.setup();
    const telegram = await screen.findByRole('region', { name: 'Telegram' });
    await user.click(within(telegram).getByRole('button', { name: 'Gửi tin nhắn thử' }));
    expect(await within(telegram).findByRole('alert')).toHaveTextContent(
      'Bad Request: chat not found',
    );
    expect(jsonBody(callsTo(fetch, TEST)[0][1])).toEqual({ channel: 'telegram' });
  });
});

describe('notifications screen: deliveries', () => {
  it('lists deliveries with labels, masked recipients and a link to the order; Resend only on failed rows', async () => {
    signIn();
    const fetch = mockFetch((url) => {
      if (url.startsWith(RESEND)) return okEnvelope({ ...failed, status: 'pending' });
      if (url.startsWith(PAGINATION)) return page([failed, sent]);
      return okEnvelope(saved);
    });
    renderApp('/admin/system/notifications?tab=deliveries');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Lịch sử gửi thông báo' });
    const rows = await within(table).findAllByTestId('notification-delivery-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        '22/11/2026 10:00',
        'Mã đã sẵn sàngKhách hàng',
        'Email',
        'a•••@example.com',
        'DH7K2M9QXA',
        'Thất bại',
        '7',
        '550 5.1.1 mailbox unavailable',
        '—',
        'Gửi lại',
      ],
      [
        '22/11/2026 09:00',
        'Sản phẩm sắp hết mãNgười bán',
        'Telegram',
        '-100•••7890',
        '—',
        'Đã gửi',
        '1',
        '—',
        '22/11/2026 09:00',
        '',
      ],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Mở đơn DH7K2M9QXA' })).toHaveAttribute(
      'href',
      '/admin/orders/o-1',
    );
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo(fetch, PAGINATION).map(([url]) => url)).toEqual([
      `${PAGINATION}?pageIndex=1&pageSize=20`,
    ]);

    await user.click(
      within(rows[0]).getByRole('button', { name: 'Gửi lại Mã đã sẵn sàng tới a•••@example.com' }),
    );
    expect(await screen.findByText('Đã đưa thông báo vào hàng đợi gửi lại')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetch, RESEND)[0][1])).toEqual({ id: 'd-1' });
    // The list is read again.
    await waitFor(() => expect(callsTo(fetch, PAGINATION).length).toBeGreaterThan(1));
  });

  it('sends keyword, status, channel, event and shop days to the server and keeps them in the URL', async () => {
    signIn();
    const fetch = mockFetch((url) =>
      url.startsWith(PAGINATION) ? page([failed]) : okEnvelope(saved),
    );
    const { router } = renderApp('/admin/system/notifications?tab=deliveries');
    const user = userEvent.setup();
    await screen.findByTestId('notification-delivery-row');

    await user.type(screen.getByRole('searchbox', { name: 'Tìm kiếm' }), 'DH7K2M9QXA');
    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Thất bại' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Kênh' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Email' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Sự kiện' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'Liên kết xem đơn mới',
      }),
    );
    await user.type(screen.getByTestId('notification-deliveries-from-filter'), '01/11/2026');
    await user.type(screen.getByTestId('notification-deliveries-to-filter'), '30/11/2026');

    const expected = `${PAGINATION}?pageIndex=1&pageSize=20&keyword=DH7K2M9QXA&status=failed&channel=email&event=link_resent&from=2026-11-01T00%3A00%3A00%2B07%3A00&to=2026-12-01T00%3A00%3A00%2B07%3A00`;
    await waitFor(() => expect(callsTo(fetch, PAGINATION).map(([url]) => url)).toContain(expected));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'deliveries',
      keyword: 'DH7K2M9QXA',
      status: 'failed',
      channel: 'email',
      event: 'link_resent',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('reads a shared link, ignoring values it does not know', async () => {
    signIn();
    const fetch = mockFetch((url) => (url.startsWith(PAGINATION) ? page([]) : okEnvelope(saved)));
    renderApp(
      '/admin/system/notifications?tab=deliveries&status=lost&channel=telegram&event=nope&from=2026-02-30',
    );
    expect(await screen.findByText('Chưa có thông báo nào phù hợp')).toBeInTheDocument();
    expect(callsTo(fetch, PAGINATION).map(([url]) => url)).toEqual([
      `${PAGINATION}?pageIndex=1&pageSize=20&channel=telegram`,
    ]);
  });

  it('explains a Resend refused because the delivery is no longer failed', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch((url) => {
      if (url.startsWith(RESEND))
        return errorEnvelope(409, 404, 'Thông báo không ở trạng thái thất bại');
      if (url.startsWith(PAGINATION)) return page([failed]);
      return okEnvelope(saved);
    });
    renderApp('/admin/system/notifications?tab=deliveries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Gửi lại/ }));
    expect(await screen.findByText(/không còn ở trạng thái thất bại/)).toBeInTheDocument();
  });
});
