import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createUser,
  deleteUser,
  IDENTITY,
  login,
  loginAsAdmin,
  uniqueUserName,
  type ApiUser,
  type LoginResult,
} from './support/api';
import {
  countRequests,
  loginThroughForm,
  openSignedIn,
  waitForDashboard,
  waitForPath,
} from './support/browser';
import { url } from './support/env';
import { browserSession } from './support/hooks';

/**
 * Each test runs on its own account, created for it, so the seeded admin's password never
 * changes, no test depends on what another did, and the file can run again and again.
 */
describe('change own password', () => {
  const ui = browserSession();
  const oldPassword = 'Old@pass123';
  const newPassword = 'New@pass456';
  let admin: LoginResult;
  let account: ApiUser | undefined;

  beforeAll(async () => {
    admin = await loginAsAdmin();
  });
  beforeEach(async () => {
    account = await createUser(admin.accessToken, {
      userName: uniqueUserName('e2e_pw'),
      fullName: 'E2E Tài khoản thử',
      password: oldPassword,
      role: 'admin',
    });
  });
  afterEach(async () => {
    if (account) await deleteUser(admin.accessToken, account.id);
    account = undefined;
  });

  /** The account signed in (through the API) on the dashboard, the dialog open. */
  async function openDialog() {
    await openSignedIn(ui.page, await login(account!.userName, oldPassword), '/admin');
    await waitForDashboard(ui.page);
    await ui.page.getByTestId('profile-menu-button').click();
    await ui.page.getByRole('menuitem', { name: 'Đổi mật khẩu', exact: true }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'Cập nhật mật khẩu' });
    await dialog.waitFor();
    return dialog;
  }

  async function submit(
    dialog: Awaited<ReturnType<typeof openDialog>>,
    current: string,
    next: string,
    confirm = next,
  ) {
    await dialog.getByLabel('Mật khẩu cũ', { exact: true }).fill(current);
    await dialog.getByLabel('Mật khẩu mới', { exact: true }).fill(next);
    await dialog.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill(confirm);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
  }

  it('signs the new account in through the form to the dashboard', async () => {
    await ui.page.goto(url('/admin/auth/login'));
    await loginThroughForm(ui.page, account!.userName, oldPassword);
    await waitForPath(ui.page, '/admin');
    await waitForDashboard(ui.page);
  });

  it('validates on the client before sending', async () => {
    const dialog = await openDialog();
    const changes = countRequests(ui.page, IDENTITY.selfChangePassword);
    await submit(dialog, oldPassword, 'short', 'short');
    await dialog.getByText('Mật khẩu từ 6 đến 30 ký tự').first().waitFor();
    await submit(dialog, oldPassword, newPassword, `${newPassword}x`);
    await dialog.getByText('Mật khẩu mới không khớp').waitFor();
    expect(changes()).toBe(0);
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(changes()).toBe(0);
    await expect(login(account!.userName, oldPassword)).resolves.toMatchObject({
      user: { id: account!.id },
    });
  });

  it('rejects a wrong old password with Mật khẩu cũ không đúng! and changes nothing', async () => {
    const dialog = await openDialog();
    const changes = countRequests(ui.page, IDENTITY.selfChangePassword);
    await submit(dialog, 'Wrong@pass999', newPassword);
    await ui.page.getByTestId('toast').filter({ hasText: 'Mật khẩu cũ không đúng!' }).waitFor();
    expect(changes()).toBe(1);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect(login(account!.userName, oldPassword)).resolves.toMatchObject({
      user: { id: account!.id },
    });
    await expect(login(account!.userName, newPassword)).rejects.toThrow(/code 100/);
  });

  it('changes the password with the right old password', async () => {
    const dialog = await openDialog();
    await submit(dialog, oldPassword, newPassword);
    await ui.page.getByTestId('toast').filter({ hasText: 'Đổi mật khẩu thành công!' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect(login(account!.userName, newPassword)).resolves.toMatchObject({
      user: { userName: account!.userName },
    });
    await expect(login(account!.userName, oldPassword)).rejects.toThrow(/code 100/);
  });
});
