import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContainer } from '@/components/ui/toast-container';
import { STORAGE_KEYS } from '@/config/constants';
import { ERROR_CODES } from '@/lib/api/errors';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderWithProviders } from '@/testing/render';
import type { User } from '../api/types';
import { UsersScreen } from './users-screen';

afterEach(() => vi.unstubAllGlobals());

const MSG = 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác';

const alice: User = {
  id: 'u-2',
  userName: 'alice',
  fullName: 'Nguyễn Thị Alice',
  email: null,
  role: 'staff',
  isActive: true,
  lastLoginAt: null,
  createdAt: '2026-11-20T03:00:00Z',
};

function setup() {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession()));
  const fetch = mockFetch((url) => {
    if (url.includes('/User/Create')) {
      return errorEnvelope(400, ERROR_CODES.commonPassword, MSG, [
        { field: 'password', message: MSG },
      ]);
    }
    if (url.includes('/User/ResetPassword')) {
      return errorEnvelope(400, ERROR_CODES.commonPassword, MSG, [
        { field: 'newPassword', message: MSG },
      ]);
    }
    return okEnvelope({ items: [alice], totalCount: 1, pageIndex: 1, pageSize: 20 });
  });
  renderWithProviders(
    <>
      <ToastContainer />
      <UsersScreen />
    </>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('a common password (code 124)', () => {
  it('shows under the password field of the new-user form, which stays open', async () => {
    const { user } = setup();
    await screen.findByText('alice');
    await user.click(screen.getByRole('button', { name: 'Thêm người dùng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm người dùng' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tên đăng nhập' }), 'bob.le');
    await user.type(within(dialog).getByRole('textbox', { name: 'Họ tên' }), 'Lê Văn Bob');
    await user.type(within(dialog).getByLabelText('Mật khẩu'), 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText(MSG)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mật khẩu')).toHaveAccessibleDescription(new RegExp(MSG));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('shows under the new password field of the reset form', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Đặt lại mật khẩu alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đặt lại mật khẩu cho alice' });
    await user.type(within(dialog).getByLabelText('Mật khẩu mới'), 'iloveyou');
    await user.type(within(dialog).getByLabelText('Nhập lại mật khẩu mới'), 'iloveyou');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText(MSG)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mật khẩu mới')).toHaveAccessibleDescription(
      new RegExp(MSG),
    );
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
