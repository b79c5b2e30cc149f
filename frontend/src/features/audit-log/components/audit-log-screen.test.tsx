import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { AuditEntry } from '../api/types';
import { actionLabel } from './audit-log-table';

afterEach(() => vi.unstubAllGlobals());

const STORE = '/retailstore/api/admin/v1/AuditLog/Pagination';
const IDENTITY = '/identity/api/admin/v1/AuditLog/Pagination';
const PAYMENT = '/paymentprovider/api/admin/v1/AuditLog/Pagination';

const reveal: AuditEntry = {
  id: 'a-1',
  // 23:05:09 in Hanoi is 16:05:09 UTC: the day must not slip.
  at: '2026-11-22T16:05:09Z',
  actor: 'owner',
  actorId: 'u-1',
  action: 'serial_code_reveal',
  target: '0193a1b2-0000-7000-8000-000000000001',
  detail: 'Thẻ Garena 100k: mã ••••7Q2X',
};
const userDelete: AuditEntry = {
  id: 'i-1',
  at: '2026-11-21T02:00:00Z',
  actor: 'owner',
  actorId: 'u-1',
  action: 'user_delete',
  target: 'staff.le',
  detail: 'Xóa tài khoản nhân viên',
};
const lockout: AuditEntry = {
  id: 'i-2',
  at: '2026-11-21T01:59:58Z',
  actor: 'ghost',
  action: 'login_lockout',
  target: '203.0.113.7',
  detail: 'Khóa 15 phút sau 5 lần nhập sai mật khẩu khi đăng nhập',
};

const assign: AuditEntry = {
  id: 'p-1',
  at: '2026-11-23T02:00:00Z',
  actor: 'staff.le',
  actorId: 'u-2',
  action: 'payment_transaction_assign',
  target: 'DH7K2M9QXA',
  detail: 'Giao dịch sepay:93001 190.000 ₫ gán vào đơn DH7K2M9QXA',
};
const providerUpdate: AuditEntry = {
  id: 'p-2',
  at: '2026-11-23T01:00:00Z',
  actor: 'owner',
  actorId: 'u-1',
  action: 'payment_provider_update',
  target: 'Chuyển khoản VCB (pp-1)',
  detail: 'webhookAuth: apikey → hmac; webhookSecret: secret changed',
};

function page(items: AuditEntry[], totalCount = items.length, pageIndex = 1) {
  return okEnvelope({ items, totalCount, pageIndex, pageSize: 20 });
}

function signIn(role: 'admin' | 'staff' = 'admin') {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role })));
}

function api() {
  return mockFetch((url) => {
    if (url.startsWith(STORE)) return page([reveal], 45);
    if (url.startsWith(IDENTITY)) return page([userDelete, lockout]);
    if (url.startsWith(PAYMENT)) return page([assign, providerUpdate]);
    return errorEnvelope(404, 2, 'Không tìm thấy');
  });
}

const auditCalls = (fetch: ReturnType<typeof api>, prefix: string) =>
  fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith(prefix));

describe('audit log screen', () => {
  it("shows the shop's entries first, then the accounts' on their tab", async () => {
    signIn();
    const fetch = api();
    const { router } = renderApp('/admin/system/audit-log');

    const store = await screen.findByRole('table', { name: 'Nhật ký thao tác: Cửa hàng' });
    const row = await within(store).findByTestId('audit-log-row');
    expect(within(row).getByText('22/11/2026 23:05:09')).toBeInTheDocument();
    expect(within(row).getByText('owner')).toBeInTheDocument();
    expect(within(row).getByText('Xem mã serial')).toBeInTheDocument();
    expect(within(row).getByText('Thẻ Garena 100k: mã ••••7Q2X')).toBeInTheDocument();
    expect(auditCalls(fetch, STORE)).toEqual([`${STORE}?pageIndex=1&pageSize=20`]);
    expect(screen.getByRole('tab', { name: 'Cửa hàng' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Tài khoản' }));
    const accounts = await screen.findByRole('table', { name: 'Nhật ký thao tác: Tài khoản' });
    await within(accounts).findByText('Xóa người dùng');
    const rows = within(accounts).getAllByTestId('audit-log-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['21/11/2026 09:00:00', 'owner', 'Xóa người dùng', 'staff.le', 'Xóa tài khoản nhân viên'],
      [
        '21/11/2026 08:59:58',
        'ghost',
        'Khóa đăng nhập (sai mật khẩu)',
        '203.0.113.7',
        'Khóa 15 phút sau 5 lần nhập sai mật khẩu khi đăng nhập',
      ],
    ]);
    expect(within(accounts).queryByText('Xem mã serial')).not.toBeInTheDocument();
    expect(auditCalls(fetch, IDENTITY)).toEqual([`${IDENTITY}?pageIndex=1&pageSize=20`]);
    expect(router.state.location.search).toBe('?source=identity');
  });

  it("shows the payments' log on its own tab, with its actions to filter by", async () => {
    signIn();
    const fetch = api();
    const { router } = renderApp('/admin/system/audit-log');
    await screen.findByRole('table', { name: 'Nhật ký thao tác: Cửa hàng' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Cửa hàng',
      'Thanh toán',
      'Tài khoản',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Thanh toán' }));
    const payments = await screen.findByRole('table', { name: 'Nhật ký thao tác: Thanh toán' });
    await within(payments).findByText('Gán giao dịch vào đơn');
    expect(
      within(payments)
        .getAllByTestId('audit-log-row')
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      [
        '23/11/2026 09:00:00',
        'staff.le',
        'Gán giao dịch vào đơn',
        'DH7K2M9QXA',
        'Giao dịch sepay:93001 190.000 ₫ gán vào đơn DH7K2M9QXA',
      ],
      [
        '23/11/2026 08:00:00',
        'owner',
        'Sửa dịch vụ thanh toán',
        'Chuyển khoản VCB (pp-1)',
        'webhookAuth: apikey → hmac; webhookSecret: secret changed',
      ],
    ]);
    expect(router.state.location.search).toBe('?source=payment');

    await user.click(screen.getByRole('combobox', { name: 'Thao tác' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining([
        'Gán giao dịch vào đơn',
        'Thêm dịch vụ thanh toán',
        'Sửa dịch vụ thanh toán',
        'Xóa dịch vụ thanh toán',
      ]),
    );
    expect(options).not.toContain('Hủy đơn');
    await user.click(screen.getByRole('option', { name: 'Xóa dịch vụ thanh toán' }));
    await user.type(screen.getByTestId('audit-log-actor-filter'), 'owner');
    await waitFor(() =>
      expect(auditCalls(fetch, PAYMENT)).toContain(
        `${PAYMENT}?pageIndex=1&pageSize=20&actor=owner&action=payment_provider_delete`,
      ),
    );
  });

  it('reads the newer actions of every service in Vietnamese', () => {
    for (const [action, label] of [
      ['order_deliver', 'Giao mã (quyết định của nhân viên)'],
      ['order_record_refund', 'Ghi nhận hoàn tiền'],
      ['product_price_change', 'Đổi giá sản phẩm'],
      ['product_status_change', 'Đổi trạng thái sản phẩm'],
      ['serial_code_overwrite', 'Ghi đè mã serial'],
      ['payment_transaction_assign', 'Gán giao dịch vào đơn'],
      ['payment_provider_create', 'Thêm dịch vụ thanh toán'],
    ]) {
      expect(actionLabel(action)).toBe(label);
    }
    expect(actionLabel('something_new')).toBe('something_new');
  });

  it('sends actor, action, shop days and page to the server and keeps them in the URL', async () => {
    signIn();
    const fetch = api();
    const { router } = renderApp('/admin/system/audit-log');
    const user = userEvent.setup();
    await screen.findByTestId('audit-log-row');

    await user.type(screen.getByTestId('audit-log-actor-filter'), 'owner');
    await user.click(screen.getByRole('combobox', { name: 'Thao tác' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Hủy đơn');
    expect(options).not.toContain('Xóa người dùng');
    await user.click(screen.getByRole('option', { name: 'Xác nhận thanh toán thủ công' }));
    await user.type(screen.getByTestId('audit-log-from-filter'), '01/11/2026');
    await user.type(screen.getByTestId('audit-log-to-filter'), '30/11/2026');

    const filtered = `${STORE}?pageIndex=1&pageSize=20&actor=owner&action=order_confirm_payment&from=2026-11-01T00%3A00%3A00%2B07%3A00&to=2026-12-01T00%3A00%3A00%2B07%3A00`;
    await waitFor(() => expect(auditCalls(fetch, STORE)).toContain(filtered));

    await user.click(screen.getByRole('button', { name: 'Tới trang tiếp theo' }));
    await waitFor(() =>
      expect(auditCalls(fetch, STORE)).toContain(filtered.replace('pageIndex=1', 'pageIndex=2')),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      actor: 'owner',
      action: 'order_confirm_payment',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '2',
    });

    // The accounts have other actions: the action filter clears, actor and days stay.
    await user.click(screen.getByRole('tab', { name: 'Tài khoản' }));
    await waitFor(() =>
      expect(auditCalls(fetch, IDENTITY)).toEqual([
        `${IDENTITY}?pageIndex=1&pageSize=20&actor=owner&from=2026-11-01T00%3A00%3A00%2B07%3A00&to=2026-12-01T00%3A00%3A00%2B07%3A00`,
      ]),
    );
  });

  it("reads a shared link, ignoring values that are not the source's", async () => {
    signIn();
    const fetch = api();
    renderApp(
      '/admin/system/audit-log?source=identity&action=order_cancel&from=2026-02-30&to=2026-11-05&actor=owner',
    );
    await screen.findByRole('table', { name: 'Nhật ký thao tác: Tài khoản' });
    await waitFor(() =>
      expect(auditCalls(fetch, IDENTITY)).toEqual([
        `${IDENTITY}?pageIndex=1&pageSize=20&actor=owner&to=2026-11-06T00%3A00%3A00%2B07%3A00`,
      ]),
    );
    expect(auditCalls(fetch, STORE)).toEqual([]);
  });

  it("shows the server's error above the table and retries", async () => {
    signIn();
    let fail = true;
    mockFetch(() =>
      fail ? errorEnvelope(503, 9, 'Dịch vụ tạm thời không khả dụng') : page([reveal]),
    );
    renderApp('/admin/system/audit-log');
    expect(
      await screen.findByText('Không tải được nhật ký: Dịch vụ tạm thời không khả dụng'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Xem mã serial')).toBeInTheDocument();
  });

  it('sends staff to the access-denied page without asking for the log', async () => {
    signIn('staff');
    const fetch = api();
    const { router } = renderApp('/admin/system/audit-log?source=identity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/access'));
    expect(await screen.findByTestId('access-denied')).toBeInTheDocument();
    expect(auditCalls(fetch, STORE).concat(auditCalls(fetch, IDENTITY))).toEqual([]);
  });
});
