import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const onSuccess = vi.fn();
  renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  return { onSuccess, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('shows the required messages and sends nothing', async () => {
    const fetch = mockFetch(() => okEnvelope(null));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText('Nhập tên đăng nhập')).toBeInTheDocument();
    expect(screen.getByText('Nhập mật khẩu')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the Login result as the token and reports success', async () => {
    const session = makeSession();
    const fetch = mockFetch(() => okEnvelope(session));
    const { user, onSuccess } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Tên đăng nhập' }), 'admin');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@123');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.token)!)).toEqual(session);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ userName: 'admin', password: 'Admin@123' });
  });

  it.each([
    [100, 'Tên đăng nhập hoặc mật khẩu không đúng'],
    [101, 'Đăng nhập sai quá nhiều lần, vui lòng thử lại sau 5 phút'],
    [102, 'Tài khoản đã bị khóa'],
  ])('shows error code %i on the form with the server message', async (code, message) => {
    mockFetch(() => errorEnvelope(400, code, message));
    const { user, onSuccess } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Tên đăng nhập' }), 'admin');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
