import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser, findUser, loginAsAdmin, uniqueUserName, type LoginResult } from './support/api';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

describe('users screen', () => {
  const userName = uniqueUserName('e2e_ui');
  let browser: Browser;
  let page: Page;
  let admin: LoginResult;

  beforeAll(async () => {
    admin = await loginAsAdmin();
    browser = await launchBrowser();
    page = await newPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    // The UI deletes it in the last test; this only tidies up after a failure.
    const leftover = await findUser(admin.accessToken, userName).catch(() => undefined);
    if (leftover) await deleteUser(admin.accessToken, leftover.id);
  });

  it('lists users for an admin', async () => {
    await openSignedIn(page, admin, '/admin/system/users');
    const table = page.getByRole('table', { name: 'Danh sách người dùng' });
    await table.getByRole('cell', { name: admin.user.userName, exact: true }).waitFor();
  });

  it('creates a user in the UI and shows it in the table', async () => {
    await page.getByTestId('user-create-button').click();
    const dialog = page.getByRole('dialog', { name: 'Thêm người dùng' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Tên đăng nhập' }).fill(userName);
    await dialog.getByRole('textbox', { name: 'Họ tên' }).fill('Người dùng E2E');
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill('E2e@pass123');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('users-search').fill(userName);
    const row = page.getByTestId('users-row').filter({ hasText: userName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Nhân viên');
    expect(await findUser(admin.accessToken, userName)).toMatchObject({ userName, role: 'staff', isActive: true });
  });

  it('deletes it after confirmation', async () => {
    await page.getByRole('button', { name: `Xóa ${userName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Xóa người dùng' });
    await confirm.getByRole('button', { name: 'Xóa' }).click();
    await page.getByTestId('toast').filter({ hasText: `Đã xóa người dùng ${userName}` }).waitFor();
    await page.getByTestId('users-row').filter({ hasText: userName }).waitFor({ state: 'detached' });
    expect(await findUser(admin.accessToken, userName)).toBeUndefined();
  });
});
