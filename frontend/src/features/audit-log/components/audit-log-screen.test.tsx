import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { AuditEntry } from '../api/types';

afterEach(() => vi.unstubAllGlobals());

const STORE = '/retailstore/api/admin/v1/AuditLog/Pagination';
const IDENTITY = '/identity/api/admin/v1/AuditLog/Pagination';

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
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['21/11/2026 09:00:00', 'owner', 'Xóa người dùng', 'staff.le', 'Xóa tài khoản nhân viên'],
      ['21/11/2026 08:59:58', 'ghost', 'Khóa đăng nhập (sai mật khẩu)', '203.0.113.7', 'Khóa 15 phút sau 5 lần nhập sai mật khẩu khi đăng nhập'],
    ]);
    expect(within(accounts).queryByText('Xem mã serial')).not.toBeInTheDocument();
    expect(auditCalls(fetch, IDENTITY)).toEqual([`${IDENTITY}?pageIndex=1&pageSize=20`]);
    expect(router.state.location.search).toBe('?source=identity');
  });

  it('sends actor, action, shop days and page to the server and keeps them in the URL', async () => {
    signIn();
    const fetch = api();
    const { router } = renderApp('/admin/system/audit-log');
    const user = userEvent.setup();
    await screen.findByTestId('audit-log-row');

    await user.type(screen.getByTestId('audit-log-actor-filter'), 'owner');
    await user.click(screen.getByRole('combobox', { name: 'Thao tác' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('Hủy đơn');
    expect(options).not.toContain('Xóa người dùng');
    await user.click(screen.getByRole('option', { name: 'Xác nhận thanh toán thủ công' }));
    await user.type(screen.getByTestId('audit-log-from-filter'), '2026-11-01');
    await user.type(screen.getByTestId('audit-log-to-filter'), '2026-11-30');

    const filtered = `${STORE}?pageIndex=1&pageSize=20&actor=owner&action=order_confirm_payment&from=2026-11-01T00%3A00%3A00%2B07%3A00&to=2026-12-01T00%3A00%3A00%2B07%3A00`;
    await waitFor(() => expect(auditCalls(fetch, STORE)).toContain(filtered));

    await user.click(screen.getByRole('button', { name: 'Tới trang tiếp theo' }));
    await waitFor(() => expect(auditCalls(fetch, STORE)).toContain(filtered.replace('pageIndex=1', 'pageIndex=2')));
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

  it('reads a shared link, ignoring values that are not the source\'s', async () => {
    signIn();
    const fetch = api();
    renderApp('/admin/system/audit-log?source=identity&action=order_cancel&from=2026-02-30&to=2026-11-05&actor=owner');
    await screen.findByRole('table', { name: 'Nhật ký thao tác: Tài khoản' });
    await waitFor(() =>
      expect(auditCalls(fetch, IDENTITY)).toEqual([`${IDENTITY}?pageIndex=1&pageSize=20&actor=owner&to=2026-11-06T00%3A00%3A00%2B07%3A00`]),
    );
    expect(auditCalls(fetch, STORE)).toEqual([]);
  });

  it("shows the server's error above the table and retries", async () => {
    signIn();
    let fail = true;
    mockFetch(() => (fail ? errorEnvelope(503, 9, 'Dịch vụ tạm thời không khả dụng') : page([reveal])));
    renderApp('/admin/system/audit-log');
    expect(await screen.findByText('Không tải được nhật ký: Dịch vụ tạm thời không khả dụng')).toBeInTheDocument();
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
