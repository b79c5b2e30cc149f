import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

function signIn(role: 'admin' | 'staff') {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role })));
  mockFetch(() => okEnvelope({ items: [], totalCount: 0, pageIndex: 1, pageSize: 10 }));
}

describe('admin menu', () => {
  it("gives the admin a 'Hệ thống' group and the serial codes under 'Sản phẩm'", async () => {
    signIn('admin');
    renderApp('/admin/products/serial-codes');
    const menu = await screen.findByTestId('admin-menu');
    const serial = within(menu).getByRole('link', { name: 'Mã serial' });
    expect(serial).toHaveAttribute('href', '/admin/products/serial-codes');
    expect(serial).toHaveAttribute('aria-current', 'page');
    // The product list is not highlighted on the serial-code page below it.
    expect(within(menu).getByRole('link', { name: 'Danh sách sản phẩm' })).not.toHaveAttribute(
      'aria-current',
    );
    for (const group of ['Trang chủ', 'Sản phẩm', 'Đơn hàng', 'Nhà cung cấp', 'Hệ thống'])
      expect(within(menu).getByText(group)).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Người dùng' })).toHaveAttribute(
      'href',
      '/admin/system/users',
    );
    expect(within(menu).getByRole('link', { name: 'Cấu hình' })).toHaveAttribute(
      'href',
      '/admin/system/configuration',
    );
    expect(within(menu).getByRole('link', { name: 'Nhật ký' })).toHaveAttribute(
      'href',
      '/admin/system/audit-log',
    );
  });

  it("shows staff the spec's four groups without 'Hệ thống'", async () => {
    signIn('staff');
    renderApp('/admin/products');
    const menu = await screen.findByTestId('admin-menu');
    expect(within(menu).getByRole('link', { name: 'Mã serial' })).toBeInTheDocument();
    expect(within(menu).queryByText('Hệ thống')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Người dùng' })).not.toBeInTheDocument();
  });

  it('badges the transfers item with the unmatched count and opens the unmatched list', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'staff' })));
    mockFetch((url) =>
      url.includes('/UnmatchedSummary')
        ? okEnvelope({ count: 3, total: 360_000 })
        : okEnvelope({ items: [], totalCount: 0, pageIndex: 1, pageSize: 10 }),
    );
    renderApp('/admin/products');
    const menu = await screen.findByTestId('admin-menu');
    const badge = await within(menu).findByTestId('menu-unmatched-badge', undefined, {
      timeout: 3000,
    });
    expect(badge).toHaveTextContent('3');
    const link = within(menu).getByRole('link', { name: /Giao dịch nhận được/ });
    expect(link).toHaveAccessibleName('Giao dịch nhận được 3 giao dịch chưa khớp');
    expect(link).toHaveAttribute('href', '/admin/providers/transactions?status=unmatched');
  });

  it('shows no badge when nothing waits', async () => {
    signIn('admin');
    renderApp('/admin/products');
    const menu = await screen.findByTestId('admin-menu');
    expect(within(menu).getByRole('link', { name: 'Giao dịch nhận được' })).toHaveAttribute(
      'href',
      '/admin/providers/transactions',
    );
    expect(within(menu).queryByTestId('menu-unmatched-badge')).not.toBeInTheDocument();
  });
});
