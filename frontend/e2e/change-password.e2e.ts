import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, deleteUser, login, loginAsAdmin, uniqueUserName, type ApiUser, type LoginResult } from './support/api';
import { launchBrowser, loginThroughForm, newPage, waitForPath } from './support/browser';
import { url } from './support/env';

/**
 * Runs on a user created for this test, so the seeded admin's password never changes
 * and the test can run again and again.
 */
describe('change own password', () => {
  const oldPassword = 'Old@pass123';
  const newPassword = 'New@pass456';
  let browser: Browser;
  let page: Page;
  let admin: LoginResult;
  let account: ApiUser | undefined;

  beforeAll(async () => {
    admin = await loginAsAdmin();
    account = await createUser(admin.accessToken, {
      userName: uniqueUserName('e2e_pw'),
      fullName: 'E2E Tài khoản thử',
      password: oldPassword,
      role: 'admin',
    });
    browser = await launchBrowser();
    page = await newPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    if (account) await deleteUser(admin.accessToken, account.id);
  });

  async function openDialog() {
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Đổi mật khẩu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cập nhật mật khẩu' });
    await dialog.waitFor();
    return dialog;
  }

  async function submit(dialog: Awaited<ReturnType<typeof openDialog>>, current: string, next: string, confirm = next) {
    await dialog.getByLabel('Mật khẩu cũ', { exact: true }).fill(current);
    await dialog.getByLabel('Mật khẩu mới', { exact: true }).fill(next);
    await dialog.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill(confirm);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
  }

  it('signs in as the new account', async () => {
    await page.goto(url('/admin/auth/login'));
    await loginThroughForm(page, account!.userName, oldPassword);
    await waitForPath(page, '/admin');
  });

  it('validates on the client before sending', async () => {
    const dialog = await openDialog();
    await submit(dialog, oldPassword, 'short', 'short');
    await dialog.getByText('Mật khẩu từ 6 đến 30 ký tự').first().waitFor();
    await submit(dialog, oldPassword, newPassword, `${newPassword}x`);
    await dialog.getByText('Mật khẩu mới không khớp').waitFor();
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('rejects a wrong old password with Mật khẩu cũ không đúng!', async () => {
    const dialog = await openDialog();
    await submit(dialog, 'Wrong@pass999', newPassword);
    await page.getByTestId('toast').filter({ hasText: 'Mật khẩu cũ không đúng!' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('changes the password with the right old password', async () => {
    const dialog = await openDialog();
    await submit(dialog, oldPassword, newPassword);
    await page.getByTestId('toast').filter({ hasText: 'Đổi mật khẩu thành công!' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect(login(account!.userName, newPassword)).resolves.toMatchObject({ user: { userName: account!.userName } });
    await expect(login(account!.userName, oldPassword)).rejects.toThrow(/code 100/);
  });
});
