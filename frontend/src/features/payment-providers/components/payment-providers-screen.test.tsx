import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okEnvelope } from '@/testing/fetch-mock';
import { page, setup, stubObjectUrls, vcb } from './payment-providers-fixtures';

beforeEach(stubObjectUrls);
afterEach(() => vi.unstubAllGlobals());

describe('PaymentProvidersScreen: the list, staff and deleting', () => {
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
