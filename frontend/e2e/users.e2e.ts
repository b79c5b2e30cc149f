import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, deleteUser, findUser, loginAsAdmin, uniqueUserName, type LoginResult } from './support/api';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

/** Each test makes the user it works on (a unique name) and removes whatever is left. */
describe('users screen', () => {
  let browser: Browser;
  let page: Page;
  let admin: LoginResult;
  let made: string[] = [];

  function freshUserName() {
    const userName = uniqueUserName('e2e_ui');
    made.push(userName);
    return userName;
  }

  beforeAll(async () => {
    admin = await loginAsAdmin();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await newPage(browser);
    made = [];
  });
  afterEach(async () => {
    await page?.context().close();
    for (const userName of made) {
      const leftover = await findUser(admin.accessToken, userName).catch(() => undefined);
      if (leftover) await deleteUser(admin.accessToken, leftover.id);
    }
  });

  it('lists users for an admin', async () => {
    await openSignedIn(page, admin, '/admin/system/users');
    const table = page.getByRole('table', { name: 'Danh sách người dùng' });
    await table.getByRole('cell', { name: admin.user.userName, exact: true }).waitFor();
  });

  it('creates a user in the UI and shows it in the table', async () => {
    const userName = freshUserName();
    await openSignedIn(page, admin, '/admin/system/users');
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

  it('deletes a user after confirmation', async () => {
    const userName = freshUserName();
    await createUser(admin.accessToken, { userName, fullName: 'Người dùng E2E xóa', password: 'E2e@pass123', role: 'staff' });
    await openSignedIn(page, admin, '/admin/system/users');
    await page.getByTestId('users-search').fill(userName);
    const row = page.getByTestId('users-row').filter({ hasText: userName });
    await row.waitFor();

    await page.getByRole('button', { name: `Xóa ${userName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Xóa người dùng' });
    await confirm.getByRole('button', { name: 'Xóa' }).click();
    await page.getByTestId('toast').filter({ hasText: `Đã xóa người dùng ${userName}` }).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await findUser(admin.accessToken, userName)).toBeUndefined();
  });
});
