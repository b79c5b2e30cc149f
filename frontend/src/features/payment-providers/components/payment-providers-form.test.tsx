import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelope, jsonBody, okEnvelope } from '@/testing/fetch-mock';
import { bodyOf, openEdit, page, setup, stubObjectUrls, vcb } from './payment-providers-fixtures';

beforeEach(stubObjectUrls);
afterEach(() => vi.unstubAllGlobals());

describe('PaymentProvidersScreen: creating and editing a provider', () => {
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
    let dialog = await openEdit(user);
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
    dialog = await openEdit(user);
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
    dialog = await openEdit(user);
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
});
