import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBody, okEnvelope } from '@/testing/fetch-mock';
import {
  bodyOf,
  cash,
  openEdit,
  page,
  setup,
  stubObjectUrls,
  vcb,
} from './payment-providers-fixtures';
import type { PaymentProvider } from '../api/types';

beforeEach(stubObjectUrls);
afterEach(() => vi.unstubAllGlobals());

describe("PaymentProvidersScreen: the webhook, its last call and SePay's API token", () => {
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
    const dialog = await openEdit(user);
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

    let dialog = await openEdit(user);
    const token = () => within(dialog).getByLabelText('Token API SePay (đối soát giao dịch)');
    expect(token()).toHaveValue('');
    expect(within(dialog).getByText('Đã lưu token. Để trống để giữ nguyên')).toBeInTheDocument();
    expect(within(dialog).getByText('Đối soát lần cuối: 22/11/2026 23:05')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetch, 'Update')).not.toHaveProperty('sepayApiToken');

    dialog = await openEdit(user);
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

    dialog = await openEdit(user);
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
});
