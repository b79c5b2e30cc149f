import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import { actionsOf, adminOrder, completedOrder, signInAsStaff } from './order-detail-fixtures';

beforeEach(signInAsStaff);
afterEach(() => vi.unstubAllGlobals());

describe('admin order detail: what the page shows', () => {
  it.each([
    ['pending_payment', ['Xác nhận thanh toán', 'Hủy đơn']],
    ['completed', ['Cấp mã thay thế', 'Xem mã', 'Tạo đường dẫn mới']],
    ['expired', ['Xác nhận thanh toán', 'Hủy đơn']],
    ['needs_attention', ['Xác nhận thanh toán', 'Hủy đơn']],
    ['cancelled', []],
  ] as const)('shows only the actions a %s order allows', async (status, expected) => {
    mockFetch(() => okEnvelope(adminOrder({ status })));
    renderApp('/admin/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng DH7K2M9QXA' });
    expect(actionsOf()).toEqual(expected);
  });

  it('offers a needs_attention order whose money covers it Deliver and RecordRefund', async () => {
    mockFetch(() =>
      okEnvelope(
        adminOrder({ status: 'needs_attention', paidAmount: 190000, paymentStatus: 'paid' }),
      ),
    );
    renderApp('/admin/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng DH7K2M9QXA' });
    expect(actionsOf()).toEqual([
      'Xác nhận thanh toán',
      'Giao mã',
      'Ghi nhận hoàn tiền',
      'Hủy đơn',
    ]);
  });

  it('shows customer, items with masked codes, payments and the timeline in order', async () => {
    const fetch = mockFetch(() => okEnvelope(completedOrder));
    renderApp('/admin/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng DH7K2M9QXA' });
    expect(fetch.mock.calls[0][0]).toBe('/retailstore/api/admin/v1/Order/Detail?id=o-1');
    expect(screen.getByTestId('admin-order-detail')).toHaveAttribute('data-status', 'completed');
    expect(
      within(screen.getByRole('region', { name: 'Khách hàng' })).getByText('an@example.com'),
    ).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Sản phẩm và mã' });
    expect(
      within(items)
        .getAllByTestId('order-masked-code')
        .map((chip) => chip.textContent),
    ).toEqual(['STEA••••1111 · Đang giữ chỗ', 'STEA••••2222 · Đang giữ chỗ']);
    const payments = screen.getByRole('region', { name: 'Các khoản thanh toán' });
    expect(within(payments).getByText('Chuyển khoản (tự động)')).toBeInTheDocument();
    expect(within(payments).getByText('tx-1')).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Lịch sử đơn hàng' });
    expect(
      within(timeline)
        .getAllByTestId('order-event')
        .map((event) => event.getAttribute('data-type')),
    ).toEqual(['created', 'payment_received']);
  });

  it("says who assigned a bank transfer and when, with the bank's own reference", async () => {
    mockFetch(() =>
      okEnvelope({
        ...completedOrder,
        payments: [
          {
            transactionId: 'sepay:92704',
            amount: 190000,
            paidAt: '2026-11-22T03:05:00Z',
            source: 'webhook',
            actor: 'nhanvien1',
            note: null,
            linkedTransactionId: null,
            recordedAt: '2026-11-22T04:10:00Z',
          },
        ],
      }),
    );
    renderApp('/admin/orders/o-1');
    const payments = await screen.findByRole('region', { name: 'Các khoản thanh toán' });
    const row = within(payments).getByTestId('order-payment-row');
    expect(row).toHaveAttribute('data-assigned', 'true');
    expect(within(row).getByText('Chuyển khoản (nhân viên gán)')).toBeInTheDocument();
    expect(within(row).getByText('sepay:92704')).toBeInTheDocument();
    expect(within(row).getByText('nhanvien1')).toBeInTheDocument();
    expect(within(row).getByText(/^Gán lúc /)).toBeInTheDocument();
  });

  it("lists the order's notifications with labels, masked recipients and status", async () => {
    mockFetch(() =>
      okEnvelope({
        ...completedOrder,
        notifications: [
          {
            event: 'codes_ready',
            channel: 'email',
            status: 'failed',
            sentAt: null,
            recipient: 'a•••@example.com',
            attempts: 7,
            createdAt: '2026-11-22T03:05:01Z',
          },
          {
            event: 'order_placed',
            channel: 'email',
            status: 'sent',
            sentAt: '2026-11-22T03:00:04Z',
            recipient: 'a•••@example.com',
            attempts: 1,
            createdAt: '2026-11-22T03:00:01Z',
          },
          {
            event: 'codes_ready',
            channel: 'telegram',
            status: 'pending',
            sentAt: null,
            recipient: '',
            attempts: 0,
            createdAt: '2026-11-22T03:05:02Z',
          },
        ],
      }),
    );
    renderApp('/admin/orders/o-1');
    const section = await screen.findByRole('region', { name: 'Thông báo' });
    const rows = within(section).getAllByTestId('order-notification-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['22/11/2026 10:00', 'Xác nhận đặt hàng', 'Email', 'a•••@example.com', 'Đã gửi', '1'],
      ['22/11/2026 10:05', 'Mã đã sẵn sàng', 'Email', 'a•••@example.com', 'Thất bại', '7'],
      ['22/11/2026 10:05', 'Mã đã sẵn sàng', 'Telegram', '—', 'Chờ gửi', '0'],
    ]);
    // Staff see no link to the admin-only deliveries screen.
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when the order has no notifications, and links admins to its deliveries', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'admin' })));
    mockFetch(() => okEnvelope({ ...completedOrder, notifications: [] }));
    renderApp('/admin/orders/o-1');
    const section = await screen.findByRole('region', { name: 'Thông báo' });
    expect(within(section).getByText('Chưa có thông báo nào cho đơn này')).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Xem và gửi lại trong Hệ thống › Thông báo' }),
    ).toHaveAttribute('href', '/admin/system/notifications?tab=deliveries&keyword=DH7K2M9QXA');
  });
});
