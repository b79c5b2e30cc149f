import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogContainer } from '@/components/ui/confirm-dialog-container';
import { ToastContainer } from '@/components/ui/toast-container';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderWithProviders } from '@/testing/render';
import type { User } from '../api/types';
import { UsersScreen } from './users-screen';

afterEach(() => vi.unstubAllGlobals());

const alice: User = {
  id: 'u-2',
  userName: 'alice',
  fullName: 'Nguyễn Thị Alice',
  email: 'alice@example.com',
  role: 'staff',
  isActive: true,
  lastLoginAt: null,
  createdAt: '2026-11-20T03:00:00Z',
};

function page(items: User[]) {
  return okEnvelope({ items, totalCount: items.length, pageIndex: 1, pageSize: 20 });
}

function setup(handler: Parameters<typeof mockFetch>[0]) {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession()));
  const fetch = mockFetch(handler);
  renderWithProviders(
    <>
      <ToastContainer />
      <ConfirmDialogContainer />
      <UsersScreen />
    </>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('UsersScreen', () => {
  it('lists users from the Pagination endpoint', async () => {
    const { fetch } = setup(() => page([alice]));
    const table = await screen.findByRole('table', { name: 'Danh sách người dùng' });
    expect(await within(table).findByText('alice')).toBeInTheDocument();
    expect(within(table).getByText('Nhân viên')).toBeInTheDocument();
    expect(fetch.mock.calls[0][0]).toBe(
      '/identity/api/admin/v1/User/Pagination?pageIndex=1&pageSize=20',
    );
  });

  it('creates a user, maps server field errors and refreshes the list', async () => {
    let created = false;
    const { fetch, user } = setup((url, init) => {
      if (url.includes('/User/Create')) {
        const body = jsonBody<{ userName: string }>(init);
        if (body.userName === 'taken') {
          return errorEnvelope(409, 130, 'Tên đăng nhập đã tồn tại', [
            { field: 'userName', message: 'Tên đăng nhập đã tồn tại' },
          ]);
        }
        created = true;
        return okEnvelope({ ...alice, id: 'u-3', userName: body.userName });
      }
      return page(created ? [alice, { ...alice, id: 'u-3', userName: 'bob.le' }] : [alice]);
    });
    await screen.findByText('alice');

    await user.click(screen.getByRole('button', { name: 'Thêm người dùng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm người dùng' });
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Nhập tên đăng nhập')).toBeInTheDocument();
    expect(within(dialog).getByText('Nhập họ tên')).toBeInTheDocument();
    expect(within(dialog).getByText('Nhập mật khẩu')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Tên đăng nhập' }), 'taken');
    await user.type(within(dialog).getByRole('textbox', { name: 'Họ tên' }), 'Lê Văn Bob');
    await user.type(within(dialog).getByLabelText('Mật khẩu'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Tên đăng nhập đã tồn tại')).toBeInTheDocument();

    const userName = within(dialog).getByRole('textbox', { name: 'Tên đăng nhập' });
    await user.clear(userName);
    await user.type(userName, 'bob.le');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('bob.le')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const createCall = fetch.mock.calls.findLast(([url]) => url.includes('/User/Create'))!;
    expect(jsonBody(createCall[1])).toEqual({
      userName: 'bob.le',
      fullName: 'Lê Văn Bob',
      email: null,
      password: 'secret12',
      role: 'staff',
    });
  });

  it('deletes a user only after confirmation', async () => {
    const { fetch, user } = setup((url) =>
      url.includes('/User/Delete') ? okEnvelope(true) : page([alice]),
    );
    await user.click(await screen.findByRole('button', { name: 'Xóa alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xóa người dùng' });
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => url.includes('/User/Delete'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Xóa alice' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Xóa người dùng' })).getByRole('button', {
        name: 'Xóa',
      }),
    );
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) => url === '/identity/api/admin/v1/User/Delete?id=u-2'),
      ).toBe(true),
    );
    const deleteCall = fetch.mock.calls.find(([url]) => url.includes('/User/Delete'))!;
    expect(deleteCall[1]!.method).toBe('DELETE');
    expect(await screen.findByText('Đã xóa người dùng alice')).toBeInTheDocument();
  });
});
