import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('app-dark');
});

function signIn(role: 'admin' | 'staff' = 'admin') {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role })));
}

const pathOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('routing and guard', () => {
  it('sends an unauthenticated visitor to login with returnUrl and clears a stale token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ expInSeconds: -10 })));
    const { router } = renderApp('/admin/products');
    await waitFor(() =>
      expect(pathOf(router)).toBe('/admin/auth/login?returnUrl=%2Fadmin%2Fproducts'),
    );
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
  });

  it('sends a signed-in user from the login page to /admin', async () => {
    signIn();
    const { router } = renderApp('/admin/auth/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('shows the admin menu on admin routes and highlights the active link', async () => {
    signIn();
    mockFetch(() => errorEnvelope(404, 2, 'Không tìm thấy'));
    renderApp('/admin/orders/abc');
    const link = await screen.findByRole('link', { name: 'Danh sách đơn hàng' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Tổng quan' })).not.toHaveAttribute('aria-current');
    for (const group of ['Trang chủ', 'Sản phẩm', 'Đơn hàng', 'Nhà cung cấp'])
      expect(screen.getByText(group)).toBeInTheDocument();
    expect(await screen.findByTestId('admin-order-error')).toHaveTextContent(
      'Không tìm thấy đơn hàng.',
    );
  });

  it('shows the empty sidebar placeholder on an unknown admin path', async () => {
    signIn();
    renderApp('/admin/nothing-here');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByTestId('admin-menu-placeholder')).toBeInTheDocument();
  });

  it('sends staff to access denied on admin-only screens', async () => {
    signIn('staff');
    const { router } = renderApp('/admin/system/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/access'));
    expect(await screen.findByTestId('access-denied')).toBeInTheDocument();
  });

  it('redirects the legacy /adminauth pages', async () => {
    const { router } = renderApp('/adminauth/error');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/error'));
    expect(screen.getByTestId('error-page')).toBeInTheDocument();
  });

  it('shows not found for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Không tìm thấy trang' }),
    ).toBeInTheDocument();
    // A shopper who lost the order link finds the lookup from here.
    expect(screen.getByRole('link', { name: 'Tra cứu đơn hàng' })).toHaveAttribute(
      'href',
      '/order-detail',
    );
  });

  it('goes to login with redirect after a 401 from an admin call', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn();
    mockFetch(() => errorEnvelope(401, 5, 'Phiên đăng nhập đã hết hạn'));
    const { router } = renderApp('/admin/system/users');
    await waitFor(() =>
      expect(pathOf(router)).toBe('/admin/auth/login?redirect=%2Fadmin%2Fsystem%2Fusers'),
    );
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('storefront', () => {
  it('falls back to the default shop name when AppConfiguration fails, without a toast', async () => {
    mockFetch(() => errorEnvelope(404, 2, 'Không tìm thấy'));
    renderApp('/');
    expect(await screen.findByTestId('shop-name')).toHaveTextContent('Cửa hàng mã số');
    expect(screen.getByTestId('storefront-home')).toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('shows the configured shop name and the social link in the footer', async () => {
    mockFetch(() =>
      okEnvelope({ shopName: 'Shop Mã Xịn', socialUrl: 'https://facebook.com/shop' }),
    );
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('shop-name')).toHaveTextContent('Shop Mã Xịn'));
    expect(screen.getByRole('link', { name: 'trang mạng xã hội' })).toHaveAttribute(
      'href',
      'https://facebook.com/shop',
    );
  });

  it('toggles dark mode with the app-dark class and remembers it', async () => {
    mockFetch(() => errorEnvelope(404, 2, 'x'));
    renderApp('/');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Chuyển giao diện sáng/tối' });
    await user.click(toggle);
    expect(document.documentElement).toHaveClass('app-dark');
    expect(localStorage.getItem(STORAGE_KEYS.colorMode)).toBe('"dark"');
    await user.click(toggle);
    expect(document.documentElement).not.toHaveClass('app-dark');
  });
});
