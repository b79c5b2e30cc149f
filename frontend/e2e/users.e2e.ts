import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  deleteUser,
  findUser,
  loginAsAdmin,
  uniqueUserName,
  type LoginResult,
} from './support/api';
import { openSignedIn } from './support/browser';
import { browserSession, removeAfterEach } from './support/hooks';

/** Each test makes the user it works on (a unique name) and removes whatever is left. */
describe('users screen', () => {
  const ui = browserSession();
  let admin: LoginResult;
  /** Records a name this test makes; what is left of it is removed after the test. */
  const made = removeAfterEach(() => admin.accessToken, findUser, deleteUser);

  function freshUserName() {
    return made(uniqueUserName('e2e_ui'));
  }

  beforeAll(async () => {
    admin = await loginAsAdmin();
  });

  it('lists users for an admin', async () => {
    await openSignedIn(ui.page, admin, '/admin/system/users');
    const table = ui.page.getByRole('table', { name: 'Danh sách người dùng' });
    await table.getByRole('cell', { name: admin.user.userName, exact: true }).waitFor();
  });

  it('creates a user in the UI and shows it in the table', async () => {
    const userName = freshUserName();
    await openSignedIn(ui.page, admin, '/admin/system/users');
    await ui.page.getByTestId('user-create-button').click();
    const dialog = ui.page.getByRole('dialog', { name: 'Thêm người dùng' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Tên đăng nhập' }).fill(userName);
    await dialog.getByRole('textbox', { name: 'Họ tên' }).fill('Người dùng E2E');
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill('E2e@pass123');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await ui.page.getByTestId('users-search').fill(userName);
    const row = ui.page.getByTestId('users-row').filter({ hasText: userName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Nhân viên');
    expect(await findUser(admin.accessToken, userName)).toMatchObject({
      userName,
      role: 'staff',
      isActive: true,
    });
  });

  it('deletes a user after confirmation', async () => {
    const userName = freshUserName();
    await createUser(admin.accessToken, {
      userName,
      fullName: 'Người dùng E2E xóa',
      password: 'E2e@pass123',
      role: 'staff',
    });
    await openSignedIn(ui.page, admin, '/admin/system/users');
    await ui.page.getByTestId('users-search').fill(userName);
    const row = ui.page.getByTestId('users-row').filter({ hasText: userName });
    await row.waitFor();

    await ui.page.getByRole('button', { name: `Xóa ${userName}` }).click();
    const confirm = ui.page.getByRole('dialog', { name: 'Xóa người dùng' });
    await confirm.getByRole('button', { name: 'Xóa' }).click();
    await ui.page
      .getByTestId('toast')
      .filter({ hasText: `Đã xóa người dùng ${userName}` })
      .waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await findUser(admin.accessToken, userName)).toBeUndefined();
  });
});
