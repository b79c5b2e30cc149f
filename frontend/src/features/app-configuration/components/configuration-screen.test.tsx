import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { AdminAppConfiguration } from '../api/types';

afterEach(() => vi.unstubAllGlobals());

const saved: AdminAppConfiguration = {
  shopName: 'Cửa hàng A',
  shopTagline: 'Mã thật',
  logoUrl: null,
  socialUrl: 'https://facebook.com/shop',
  footerNote: '',
  contactEmail: null,
  contactPhone: null,
  analyticsId: 'G-ABC123',
  updatedAt: '2026-11-21T03:00:00Z',
  updatedBy: 'admin',
};

function signIn(role: 'admin' | 'staff') {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role })));
}

describe('ConfigurationScreen', () => {
  it('loads the configuration, saves the changes and says so', async () => {
    signIn('admin');
    const fetch = mockFetch((_url, init) => {
      if (init.method !== 'PUT') return okEnvelope(saved);
      const body = jsonBody<Partial<AdminAppConfiguration>>(init);
      return okEnvelope({ ...saved, ...body, updatedBy: 'admin' });
    });
    renderApp('/admin/system/configuration');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Tên cửa hàng' });
    await waitFor(() => expect(name).toHaveValue('Cửa hàng A'));
    expect(screen.getByRole('textbox', { name: 'Mã Google Analytics' })).toHaveValue('G-ABC123');

    await user.clear(name);
    await user.click(screen.getByTestId('configuration-save'));
    expect(await screen.findByText('Nhập tên cửa hàng')).toBeInTheDocument();

    await user.type(name, 'Cửa hàng B');
    await user.type(screen.getByRole('textbox', { name: 'Email liên hệ' }), 'not-an-email');
    await user.click(screen.getByTestId('configuration-save'));
    expect(await screen.findByText('Email liên hệ không hợp lệ')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Email liên hệ' }));

    await user.type(screen.getByRole('textbox', { name: 'Số điện thoại liên hệ' }), '12');
    const form = screen.getByTestId('configuration-form');
    await user.click(screen.getByTestId('configuration-save'));
    expect(
      await within(form).findByText(
        'Số điện thoại gồm 6 đến 20 ký tự: chữ số, dấu cách và dấu + ở đầu',
      ),
    ).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Số điện thoại liên hệ' }));
    await user.clear(screen.getByRole('textbox', { name: 'Mã Google Analytics' }));

    await user.click(screen.getByTestId('configuration-save'));
    expect(await screen.findByText('Đã lưu cấu hình cửa hàng')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/system/api/admin/v1/Configuration/AppConfiguration');
    expect(jsonBody(put[1])).toEqual({
      shopName: 'Cửa hàng B',
      shopTagline: 'Mã thật',
      logoUrl: null,
      socialUrl: 'https://facebook.com/shop',
      footerNote: '',
      contactEmail: null,
      contactPhone: null,
      analyticsId: null,
    });
  });

  it('maps the server’s field errors under the fields', async () => {
    signIn('admin');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch((_url, init) =>
      init.method === 'PUT'
        ? errorEnvelope(400, 1, 'Dữ liệu không hợp lệ', [
            { field: 'socialUrl', message: 'Địa chỉ không dùng được' },
          ])
        : okEnvelope(saved),
    );
    renderApp('/admin/system/configuration');
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Tên cửa hàng' })).toHaveValue('Cửa hàng A'),
    );
    await user.click(screen.getByTestId('configuration-save'));
    expect(await screen.findByText('Địa chỉ không dùng được')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Trang mạng xã hội' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('sends staff to access denied', async () => {
    signIn('staff');
    const { router } = renderApp('/admin/system/configuration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/access'));
    expect(await screen.findByTestId('access-denied')).toBeInTheDocument();
  });

  it('is linked from the dashboard for admins, with the users screen', async () => {
    signIn('admin');
    // The dashboard reads its figures too: an empty month, so that it draws without error.
    const emptyMonth = {
      from: '2026-11-01T00:00:00+07:00',
      to: '2026-12-01T00:00:00+07:00',
      revenue: 0,
      completedOrders: 0,
      orderCounts: {},
      codesSold: 0,
      revenueByDay: [],
      topProducts: [],
      lowStock: [],
    };
    mockFetch((url) => okEnvelope(url.includes('/Dashboard/Summary') ? emptyMonth : saved));
    renderApp('/admin');
    // The dashboard's own buttons (the admin menu has 'Người dùng' too).
    const dashboard = await screen.findByTestId('dashboard');
    expect(
      await within(dashboard).findByRole('link', { name: 'Cấu hình cửa hàng' }),
    ).toHaveAttribute('href', '/admin/system/configuration');
    expect(within(dashboard).getByRole('link', { name: 'Người dùng' })).toHaveAttribute(
      'href',
      '/admin/system/users',
    );
  });
});
