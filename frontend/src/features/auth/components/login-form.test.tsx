import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp, renderWithProviders } from '@/testing/render';
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
    expect(jsonBody(fetch.mock.calls[0][1])).toEqual({ userName: 'admin', password: 'Admin@123' });
  });

  // The server words these (101 carries its own wait in minutes, 102 has no fixed text):
  // the form shows each answer's own message, whatever it says.
  it.each([
    [100, 'Tên đăng nhập hoặc mật khẩu không đúng'],
    [101, 'Đăng nhập sai quá nhiều lần, vui lòng thử lại sau 7 phút'],
    [102, 'Tài khoản admin đã bị quản trị viên khóa'],
  ])('shows the server message of code %i on the form', async (code, message) => {
    mockFetch(() => errorEnvelope(400, code, message));
    const { user, onSuccess } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Tên đăng nhập' }), 'admin');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));

    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveRole('alert');
    expect(alert.textContent).toBe(message);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('replaces the previous answer on the form when the next one differs', async () => {
    const answers = [
      errorEnvelope(400, 100, 'Tên đăng nhập hoặc mật khẩu không đúng'),
      errorEnvelope(400, 102, 'Tài khoản đã bị khóa'),
    ];
    mockFetch(() => answers.shift()!);
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Tên đăng nhập' }), 'admin');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(
        'Tên đăng nhập hoặc mật khẩu không đúng',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe('Tài khoản đã bị khóa'),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

/** The whole app, so that answers the form does not own reach the toast container. */
describe("LoginForm: answers that are not the form's", () => {
  function loginAnswers(answer: () => Response) {
    return mockFetch((url) =>
      url.endsWith('/IdentityAuth/Login') ? answer() : errorEnvelope(404, 2, 'Không tìm thấy'),
    );
  }

  async function submit() {
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Tên đăng nhập' }), 'admin');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@123');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
  }

  it('shows any other code as a toast, not on the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = loginAnswers(() =>
      errorEnvelope(429, 4, 'Bạn thao tác quá nhanh, hãy thử lại sau'),
    );
    renderApp('/admin/auth/login');
    await submit();

    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Bạn thao tác quá nhanh, hãy thử lại sau',
    );
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url.endsWith('/IdentityAuth/Login'))).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('puts a code-1 field problem under its field', async () => {
    loginAnswers(() =>
      errorEnvelope(400, 1, 'Dữ liệu không hợp lệ', [
        { field: 'userName', message: 'Tên đăng nhập chỉ gồm a-z, 0-9, . _ -' },
      ]),
    );
    renderApp('/admin/auth/login');
    await submit();

    expect(await screen.findByText('Tên đăng nhập chỉ gồm a-z, 0-9, . _ -')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tên đăng nhập' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });
});
