import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { Bank, PaymentProvider } from '../api/types';

const BANKS: Bank[] = [
  { bin: '970436', shortName: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại Thương Việt Nam' },
  { bin: '970415', shortName: 'VietinBank', name: 'Ngân hàng TMCP Công thương Việt Nam' },
  { bin: '970422', shortName: 'MBBank', name: 'Ngân hàng TMCP Quân đội' },
];

const vcb: PaymentProvider = {
  id: 'pp-1',
  name: 'Chuyển khoản VCB',
  type: 'vietqr_bank',
  bankBin: '970436',
  bankName: 'Ngân hàng TMCP Ngoại Thương Việt Nam',
  accountNumber: '0123456789',
  accountName: 'NGUYEN VAN A',
  instructions: null,
  logoUrl: null,
  isActive: true,
  sortOrder: 1,
  webhookEnabled: true,
  webhookAuth: 'apikey',
  hasWebhookSecret: true,
  hasSepayApiToken: false,
  lastReconciledAt: null,
  lastWebhook: null,
  webhookUrl: '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-1',
  createdAt: '2026-11-20T03:00:00Z',
  updatedAt: '2026-11-20T03:00:00Z',
};

const cash: PaymentProvider = {
  ...vcb,
  id: 'pp-2',
  name: 'Liên hệ Zalo',
  type: 'manual',
  bankBin: null,
  bankName: null,
  accountNumber: null,
  accountName: null,
  instructions: 'Nhắn Zalo 0900 000 000',
  isActive: false,
  webhookEnabled: false,
  hasWebhookSecret: false,
  webhookUrl: '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-2',
};

function page(items: PaymentProvider[]) {
  return okEnvelope({ items, totalCount: items.length, pageIndex: 1, pageSize: 20 });
}

type Handler = Parameters<typeof mockFetch>[0];

/** Banks and the list answer by default; `handler` answers the rest (or overrides). */
function setup(role: 'admin' | 'staff', handler: Handler = () => page([vcb, cash])) {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role })));
  const fetch = mockFetch((url, init) =>
    url.includes('/PaymentProvider/Banks') ? okEnvelope(BANKS) : handler(url, init),
  );
  renderApp('/admin/providers/payment');
  return { fetch, user: userEvent.setup() };
}

function bodyOf(fetch: ReturnType<typeof mockFetch>, action: string): Record<string, unknown> {
  const call = fetch.mock.calls.findLast(([url]) => url.includes(`/PaymentProvider/${action}`))!;
  return jsonBody<Record<string, unknown>>(call[1]);
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.unstubAllGlobals());

describe('PaymentProvidersScreen', () => {
  it('lists providers with type, bank short name, account, status and webhook state', async () => {
    const { fetch } = setup('admin');
    const table = await screen.findByRole('table', { name: 'Danh sách dịch vụ thanh toán' });
    const row = (await within(table).findByText('Chuyển khoản VCB')).closest('tr')!;
    expect(within(row).getByText('Chuyển khoản VietQR')).toBeInTheDocument();
    expect(await within(row).findByText('Vietcombank')).toBeInTheDocument();
    expect(within(row).getByTestId('payment-provider-account-number')).toHaveTextContent(
      '0123456789',
    );
    expect(within(row).getByText('NGUYEN VAN A')).toBeInTheDocument();
    expect(within(row).getByText('Đang dùng')).toBeInTheDocument();
    expect(within(row).getByTestId('payment-provider-webhook-status')).toHaveTextContent(
      'Đã cấu hình',
    );

    const manualRow = within(table).getByText('Liên hệ Zalo').closest('tr')!;
    expect(within(manualRow).getByText('Thủ công')).toBeInTheDocument();
    expect(within(manualRow).getByText('Tạm tắt')).toBeInTheDocument();
    expect(within(manualRow).getByTestId('payment-provider-webhook-status')).toHaveAttribute(
      'data-status',
      'disabled',
    );

    expect(
      fetch.mock.calls.some(
        ([url]) =>
          url ===
          '/paymentprovider/api/admin/v1/PaymentProvider/Pagination?pageIndex=1&pageSize=20',
      ),
    ).toBe(true);
  });

  it('sends the filters and the sort to the server', async () => {
    const { fetch, user } = setup('admin');
    await screen.findByText('Chuyển khoản VCB');
    await user.click(screen.getByRole('combobox', { name: 'Loại' }));
    await user.click(await screen.findByRole('option', { name: 'Thủ công' }));
    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Đang dùng' }));
    await user.click(screen.getByRole('button', { name: 'Tên' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain(
        '/paymentprovider/api/admin/v1/PaymentProvider/Pagination?pageIndex=1&pageSize=20&type=manual&isActive=true&sortBy=name&sortDir=asc',
      ),
    );
  });

  it('shows staff the table read-only: no create, edit or delete buttons', async () => {
    const { fetch } = setup('staff');
    const table = await screen.findByRole('table', { name: 'Danh sách dịch vụ thanh toán' });
    expect(await within(table).findByText('Chuyển khoản VCB')).toBeInTheDocument();
    expect(screen.getByTestId('payment-providers-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-provider-create-button')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Thêm dịch vụ thanh toán' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sửa Chuyển khoản VCB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xóa Chuyển khoản VCB' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-provider-edit-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-provider-delete-button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Thao tác' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("tells each webhook's last call, and staff may send a test delivery that updates it", async () => {
    let tested = false;
    const refused: PaymentProvider = {
      ...vcb,
      lastWebhook: { at: '2026-11-27T14:05:00Z', outcome: 'wrong_signature' },
    };
    const afterTest: PaymentProvider = {
      ...vcb,
      lastWebhook: { at: '2026-11-27T14:06:00Z', outcome: 'test' },
    };
    const { fetch, user } = setup('staff', (url) => {
      if (url.includes('/PaymentProvider/TestWebhook')) {
        tested = true;
        return okEnvelope({
          testId: 't-1',
          accepted: true,
          httpStatus: 200,
          outcome: 'test',
          error: null,
          provider: afterTest,
        });
      }
      return page([tested ? afterTest : refused, cash]);
    });
    const table = await screen.findByRole('table', { name: 'Danh sách dịch vụ thanh toán' });
    const row = (await within(table).findByText('Chuyển khoản VCB')).closest('tr')!;
    const line = () => within(row).getByTestId('payment-provider-last-webhook');
    expect(line()).toHaveTextContent('Lần gọi gần nhất: 27/11/2026 21:05 — Sai chữ ký');
    // No webhook, no line and no button.
    const manualRow = within(table).getByText('Liên hệ Zalo').closest('tr')!;
    expect(
      within(manualRow).queryByTestId('payment-provider-last-webhook'),
    ).not.toBeInTheDocument();
    expect(within(manualRow).queryByRole('button', { name: /^Gửi thử/ })).not.toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', { name: 'Gửi thử webhook của Chuyển khoản VCB' }),
    );
    expect(
      await screen.findByText(/^Gửi thử tới webhook của Chuyển khoản VCB thành công/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(line()).toHaveTextContent('Lần gọi gần nhất: 27/11/2026 21:06 — Gửi thử thành công'),
    );
    expect(bodyOf(fetch, 'TestWebhook')).toEqual({ id: 'pp-1' });
  });

  it('says why a test delivery was refused', async () => {
    const { user } = setup('admin', (url) =>
      url.includes('/PaymentProvider/TestWebhook')
        ? okEnvelope({
            testId: 't-2',
            accepted: false,
            httpStatus: 401,
            outcome: 'wrong_key',
            error: 'Xác thực webhook không thành công',
            provider: vcb,
          })
        : page([vcb]),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Gửi thử webhook của Chuyển khoản VCB' }),
    );
    expect(
      await screen.findByText(
        'Gửi thử tới webhook của Chuyển khoản VCB không thành công: Sai API Key',
      ),
    ).toBeInTheDocument();
  });

  it('creates a VietQR provider: bank from the list, account name upper-cased, no secret sent when empty', async () => {
    let created = false;
    const { fetch, user } = setup('admin', (url, init) => {
      if (url.includes('/PaymentProvider/Create')) {
        created = true;
        return okEnvelope({
          ...vcb,
          id: 'pp-3',
          ...jsonBody<object>(init),
          hasWebhookSecret: false,
        });
      }
      return page(created ? [vcb, { ...vcb, id: 'pp-3', name: 'MB nhận tiền' }] : [vcb]);
    });
    await screen.findByText('Chuyển khoản VCB');
    await user.click(screen.getByTestId('payment-provider-create-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm dịch vụ thanh toán' });

    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Nhập tên dịch vụ thanh toán')).toBeInTheDocument();
    expect(within(dialog).getByText('Chọn ngân hàng')).toBeInTheDocument();
    expect(within(dialog).getByText('Nhập số tài khoản')).toBeInTheDocument();
    expect(within(dialog).getByText('Nhập tên chủ tài khoản')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Tên hiển thị' }), 'MB nhận tiền');
    await user.type(within(dialog).getByRole('combobox', { name: 'Ngân hàng' }), 'quân đội');
    await user.click(
      await screen.findByRole('option', { name: 'MBBank — Ngân hàng TMCP Quân đội (970422)' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Số tài khoản' }), '0900 123 456');
    const accountName = within(dialog).getByRole('textbox', { name: 'Tên chủ tài khoản' });
    await user.type(accountName, 'Lê Thị Đào');
    expect(accountName).toHaveValue('LE THI DAO');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã thêm dịch vụ thanh toán MB nhận tiền')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetch, 'Create')).toEqual({
      name: 'MB nhận tiền',
      type: 'vietqr_bank',
      bankBin: '970422',
      accountNumber: '0900123456',
      accountName: 'LE THI DAO',
      instructions: null,
      logoUrl: null,
      isActive: true,
      sortOrder: 0,
      webhookEnabled: false,
      webhookAuth: 'apikey',
    });
  });

  it('creates a manual provider with instructions only and shows server details under the fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetch, user } = setup('admin', (url) =>
      url.includes('/PaymentProvider/Create')
        ? errorEnvelope(400, 1, 'Dữ liệu không hợp lệ', [
            { field: 'instructions', message: 'Hướng dẫn không hợp lệ' },
          ])
        : page([]),
    );
    await screen.findByText('Chưa có dịch vụ thanh toán nào');
    await user.click(screen.getByTestId('payment-provider-create-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm dịch vụ thanh toán' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tên hiển thị' }), 'Tiền mặt');
    await user.click(within(dialog).getByRole('combobox', { name: 'Loại' }));
    await user.click(await screen.findByRole('option', { name: 'Thủ công' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Ngân hàng' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Số tài khoản' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Nhập hướng dẫn thanh toán')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Hướng dẫn thanh toán' }),
      'Thanh toán tại quầy',
    );
    await user.type(within(dialog).getByLabelText('Khóa webhook (API Key)'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Khóa webhook từ 16 đến 200 ký tự')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Khóa webhook (API Key)'));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Hướng dẫn không hợp lệ')).toBeInTheDocument();
    expect(bodyOf(fetch, 'Create')).toMatchObject({
      type: 'manual',
      instructions: 'Thanh toán tại quầy',
      bankBin: null,
      accountNumber: null,
      accountName: null,
    });
  });

  it('edits a provider: webhook URL to copy, secret kept unless typed, removed with “Xóa khóa webhook”', async () => {
    const { fetch, user } = setup('admin', (url, init) =>
      url.includes('/PaymentProvider/Update')
        ? okEnvelope({ ...vcb, ...jsonBody<object>(init) })
        : page([vcb]),
    );
    await user.click(await screen.findByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    expect(within(dialog).getByTestId('payment-provider-webhook-url')).toHaveValue(
      `${window.location.origin}/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-1`,
    );
    expect(within(dialog).getByTestId('payment-provider-webhook-url-copy')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/^Dán địa chỉ này vào mục Webhook .*SePay.*API Key/),
    ).toBeInTheDocument();
    // The test page is served over http from localhost: SePay could not call it.
    expect(within(dialog).getByTestId('payment-provider-public-url-warning')).toHaveTextContent(
      'SePay sẽ không gọi được địa chỉ này',
    );
    const steps = within(within(dialog).getByTestId('payment-provider-sepay-steps')).getAllByRole(
      'listitem',
    );
    expect(steps).toHaveLength(7);
    expect(steps[1]).toHaveTextContent('"Có tiền vào"');
    expect(steps[4]).toHaveTextContent('"API Key"');
    expect(within(dialog).getByRole('link', { name: 'Xem hướng dẫn đầy đủ' })).toHaveAttribute(
      'href',
      '/documentation#thanh-toan',
    );
    expect(within(dialog).getByText('Để trống để giữ nguyên')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Khóa webhook (API Key)')).toHaveValue('');
    expect(await within(dialog).findByRole('combobox', { name: 'Ngân hàng' })).toHaveValue(
      'Vietcombank — Ngân hàng TMCP Ngoại Thương Việt Nam (970436)',
    );

    // Saved untouched: the secret is left out, so the stored one stays.
    const name = within(dialog).getByRole('textbox', { name: 'Tên hiển thị' });
    await user.clear(name);
    await user.type(name, 'VCB chính');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Đã cập nhật dịch vụ thanh toán VCB chính')).toBeInTheDocument();
    expect(bodyOf(fetch, 'Update')).toMatchObject({
      id: 'pp-1',
      name: 'VCB chính',
      bankBin: '970436',
    });
    expect(bodyOf(fetch, 'Update')).not.toHaveProperty('webhookSecret');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A typed secret is sent.
    await user.click(screen.getByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
    dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    await user.type(
      within(dialog).getByLabelText('Khóa webhook (API Key)'),
      'a-new-secret-of-24-chars',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'Update').webhookSecret).toBe('a-new-secret-of-24-chars'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Removing it sends null.
    await user.click(screen.getByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
    dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    await user.click(within(dialog).getByRole('button', { name: 'Xóa khóa webhook' }));
    expect(
      within(dialog).getByTestId('payment-provider-webhook-secret-removing'),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Xóa khóa webhook' }),
    ).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('16 đến 200 ký tự; nhập đúng khóa này trong SePay'),
    ).toBeInTheDocument();
    // The webhook is still on: without a secret it could never authenticate.
    const updates = fetch.mock.calls.filter(([url]) =>
      url.includes('/PaymentProvider/Update'),
    ).length;
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(
      await within(dialog).findByText('Cần có khóa webhook để bật webhook'),
    ).toBeInTheDocument();
    expect(
      fetch.mock.calls.filter(([url]) => url.includes('/PaymentProvider/Update')),
    ).toHaveLength(updates);
    await user.click(
      within(dialog).getByRole('switch', { name: 'Bật webhook (tự động xác nhận thanh toán)' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'Update')).toMatchObject({ webhookSecret: null, webhookEnabled: false }),
    );
  });

  it('turns the webhook on when a secret is typed, and shows the webhook address after saving and in the table', async () => {
    let created = false;
    const secret = 'sepay-secret-0123456789';
    const { fetch, user } = setup('admin', (url, init) => {
      if (url.includes('/PaymentProvider/Create')) {
        created = true;
        const body = jsonBody<Partial<PaymentProvider>>(init);
        return okEnvelope({
          ...cash,
          ...body,
          id: 'pp-9',
          hasWebhookSecret: true,
          webhookUrl: '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-9',
        });
      }
      return page(
        created
          ? [
              {
                ...cash,
                id: 'pp-9',
                name: 'Tiền mặt',
                webhookEnabled: true,
                hasWebhookSecret: true,
                webhookUrl: '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-9',
              },
            ]
          : [],
      );
    });
    await screen.findByText('Chưa có dịch vụ thanh toán nào');
    await user.click(screen.getByTestId('payment-provider-create-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm dịch vụ thanh toán' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tên hiển thị' }), 'Tiền mặt');
    await user.click(within(dialog).getByRole('combobox', { name: 'Loại' }));
    await user.click(await screen.findByRole('option', { name: 'Thủ công' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Hướng dẫn thanh toán' }),
      'Thanh toán tại quầy',
    );

    const webhookSwitch = within(dialog).getByRole('switch', {
      name: 'Bật webhook (tự động xác nhận thanh toán)',
    });
    expect(webhookSwitch).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('Khóa webhook (API Key)'), secret);
    expect(webhookSwitch).toBeChecked();
    expect(within(dialog).getByTestId('payment-provider-webhook-turned-on')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetch, 'Create')).toMatchObject({ webhookEnabled: true, webhookSecret: secret });
    const expected = 'http://localhost:3000/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-9';
    expect(screen.getByTestId('payment-provider-saved-webhook-url')).toHaveTextContent(expected);
    const row = await screen.findByTestId('payment-providers-row');
    expect(within(row).getByTestId('payment-provider-row-webhook-url')).toHaveTextContent(expected);
  });

  it('keeps the webhook off when the owner turns it off again after typing the secret', async () => {
    const { fetch, user } = setup('admin', (url, init) =>
      url.includes('/PaymentProvider/Create')
        ? okEnvelope({ ...cash, ...jsonBody<object>(init), id: 'pp-8', hasWebhookSecret: true })
        : page([]),
    );
    await screen.findByText('Chưa có dịch vụ thanh toán nào');
    await user.click(screen.getByTestId('payment-provider-create-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm dịch vụ thanh toán' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tên hiển thị' }), 'Tiền mặt');
    await user.click(within(dialog).getByRole('combobox', { name: 'Loại' }));
    await user.click(await screen.findByRole('option', { name: 'Thủ công' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Hướng dẫn thanh toán' }),
      'Thanh toán tại quầy',
    );
    await user.type(
      within(dialog).getByLabelText('Khóa webhook (API Key)'),
      'sepay-secret-0123456789',
    );
    const webhookSwitch = within(dialog).getByRole('switch', {
      name: 'Bật webhook (tự động xác nhận thanh toán)',
    });
    await user.click(webhookSwitch);
    await user.type(within(dialog).getByLabelText('Khóa webhook (API Key)'), 'x');
    expect(webhookSwitch).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetch, 'Create')).toMatchObject({ webhookEnabled: false });
    expect(screen.queryByTestId('payment-provider-saved-webhook')).not.toBeInTheDocument();
  });

  it('switches the webhook to an HMAC signature: the key field and the SePay hints follow', async () => {
    const { fetch, user } = setup('admin', (url, init) =>
      url.includes('/PaymentProvider/Update')
        ? okEnvelope({ ...vcb, ...jsonBody<object>(init) })
        : page([vcb]),
    );
    await user.click(await screen.findByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    const auth = within(dialog).getByRole('combobox', { name: 'Xác thực webhook' });
    expect(auth).toHaveTextContent('API Key');
    expect(
      within(dialog).getByText(
        'Trong SePay chọn chứng thực “API Key” và dán khóa bên dưới vào ô API Key.',
      ),
    ).toBeInTheDocument();

    await user.click(auth);
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['API Key', 'Chữ ký HMAC-SHA256']);
    await user.click(screen.getByRole('option', { name: 'Chữ ký HMAC-SHA256' }));
    expect(
      within(dialog).getByText(/^Trong SePay chọn chứng thực bằng chữ ký HMAC-SHA256/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Khóa webhook (API Key)')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(/^Dán địa chỉ này .*dùng khóa HMAC ở trên/),
    ).toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText('Khóa webhook (khóa HMAC)'),
      'hmac-key-0123456789abcdef',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'Update')).toMatchObject({
        webhookAuth: 'hmac',
        webhookSecret: 'hmac-key-0123456789abcdef',
      }),
    );
  });

  it('keeps the SePay API token write-only: stored one kept when blank, a typed one sent, removal sends null', async () => {
    const stored: PaymentProvider = {
      ...vcb,
      hasSepayApiToken: true,
      lastReconciledAt: '2026-11-22T16:05:00Z',
    };
    const { fetch, user } = setup('admin', (url, init) =>
      url.includes('/PaymentProvider/Update')
        ? okEnvelope({ ...stored, ...jsonBody<object>(init) })
        : page([stored]),
    );
    // The list tells when SePay's transaction list was last read, day first, in the shop's zone.
    const table = await screen.findByRole('table', { name: 'Danh sách dịch vụ thanh toán' });
    const row = (await within(table).findByText('Chuyển khoản VCB')).closest('tr')!;
    expect(within(row).getByText('Đối soát lần cuối: 22/11/2026 23:05')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    const token = () => within(dialog).getByLabelText('Token API SePay (đối soát giao dịch)');
    expect(token()).toHaveValue('');
    expect(within(dialog).getByText('Đã lưu token. Để trống để giữ nguyên')).toBeInTheDocument();
    expect(within(dialog).getByText('Đối soát lần cuối: 22/11/2026 23:05')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetch, 'Update')).not.toHaveProperty('sepayApiToken');

    await user.click(screen.getByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
    dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    await user.type(token(), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(
      await within(dialog).findByText('Token API SePay từ 16 đến 500 ký tự'),
    ).toBeInTheDocument();
    await user.clear(token());
    await user.type(token(), 'SEPAYTOKEN0123456789ABCDEF');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'Update').sepayApiToken).toBe('SEPAYTOKEN0123456789ABCDEF'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
    dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    await user.click(within(dialog).getByRole('button', { name: 'Xóa token' }));
    expect(
      within(dialog).getByTestId('payment-provider-sepay-api-token-removing'),
    ).toHaveTextContent(/sẽ bị xóa khi lưu/);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(bodyOf(fetch, 'Update')).toMatchObject({ sepayApiToken: null }));
  });

  it('asks no SePay API token of a manual provider and shows no reconciliation time without one', async () => {
    const { user } = setup('admin');
    const table = await screen.findByRole('table', { name: 'Danh sách dịch vụ thanh toán' });
    await within(table).findByText('Liên hệ Zalo');
    expect(within(table).queryByText(/^Đối soát lần cuối/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sửa Liên hệ Zalo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    expect(
      within(dialog).queryByLabelText('Token API SePay (đối soát giao dịch)'),
    ).not.toBeInTheDocument();
  });

  it('deletes a provider only after confirmation', async () => {
    const { fetch, user } = setup('admin', (url) =>
      url.includes('/PaymentProvider/Delete') ? okEnvelope(true) : page([vcb]),
    );
    await user.click(await screen.findByRole('button', { name: 'Xóa Chuyển khoản VCB' }));
    let confirm = await screen.findByRole('dialog', { name: 'Xóa dịch vụ thanh toán' });
    await user.click(within(confirm).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => url.includes('/PaymentProvider/Delete'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Xóa Chuyển khoản VCB' }));
    confirm = await screen.findByRole('dialog', { name: 'Xóa dịch vụ thanh toán' });
    await user.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    expect(
      await screen.findByText('Đã xóa dịch vụ thanh toán Chuyển khoản VCB'),
    ).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('/PaymentProvider/Delete'))!;
    expect(call[0]).toBe('/paymentprovider/api/admin/v1/PaymentProvider/Delete?id=pp-1');
    expect(call[1]!.method).toBe('DELETE');
  });
});
