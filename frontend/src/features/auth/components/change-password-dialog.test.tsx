import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContainer } from '@/components/ui/toast-container';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ChangePasswordDialog } from './change-password-dialog';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <ToastContainer />
      <ChangePasswordDialog open onClose={onClose} />
    </>,
  );
  return { onClose, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Mật khẩu cũ'), 'old-secret');
  await user.type(screen.getByLabelText('Mật khẩu mới'), 'new-secret');
  await user.type(screen.getByLabelText('Nhập lại mật khẩu mới'), 'new-secret');
  await user.click(screen.getByRole('button', { name: 'Lưu' }));
}

describe('ChangePasswordDialog', () => {
  it('is titled Cập nhật mật khẩu and validates before sending', async () => {
    const fetch = mockFetch(() => okEnvelope(true));
    const { user } = setup();
    expect(screen.getByRole('dialog', { name: 'Cập nhật mật khẩu' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mật khẩu mới')).not.toHaveAttribute('maxlength');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Nhập mật khẩu cũ')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows Mật khẩu cũ không đúng! for code 120 and stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => errorEnvelope(400, 120, 'Mật khẩu cũ không đúng!'));
    const { user, onClose } = setup();
    await fill(user);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Lỗi');
    expect(toast).toHaveTextContent('Mật khẩu cũ không đúng!');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a common password (code 124) under the new password field and stays open', async () => {
    const msg = 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác';
    mockFetch(() => errorEnvelope(400, 124, msg, [{ field: 'newPassword', message: msg }]));
    const { user, onClose } = setup();
    await fill(user);
    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(screen.getByLabelText('Mật khẩu mới')).toHaveAccessibleDescription(new RegExp(msg));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the success toast and closes', async () => {
    const fetch = mockFetch(() => okEnvelope(true));
    const { user, onClose } = setup();
    await fill(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByTestId('toast')).toHaveTextContent('Đổi mật khẩu thành công!');
    expect(fetch.mock.calls[0][0]).toBe('/identity/api/admin/v1/IdentityAuth/SelfChangePassword');
  });

  it('keeps a 35-character new password whole and shows the 6-30 rule instead of sending it', async () => {
    const fetch = mockFetch(() => okEnvelope(true));
    const { user, onClose } = setup();
    const long = 'a'.repeat(35);
    await user.type(screen.getByLabelText('Mật khẩu cũ'), 'old-secret');
    await user.type(screen.getByLabelText('Mật khẩu mới'), long);
    await user.type(screen.getByLabelText('Nhập lại mật khẩu mới'), long);
    // Nothing is cut: the field holds all 35 characters.
    expect(screen.getByLabelText('Mật khẩu mới')).toHaveValue(long);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findAllByText('Mật khẩu từ 6 đến 30 ký tự')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
