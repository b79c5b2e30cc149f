import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  deleteUser,
  IDENTITY,
  loginAsAdmin,
  uniqueUserName,
  type ApiUser,
  type LoginResult,
} from './support/api';
import {
  countRequests,
  forgedSession,
  loginThroughForm,
  openSignedIn,
  pathOf,
  readToken,
  waitForDashboard,
  waitForPath,
} from './support/browser';
import { E2E, url } from './support/env';
import { browserSession } from './support/hooks';

const LOGIN = '/admin/auth/login';

describe('authentication and the route guard', () => {
  const ui = browserSession();

  it('sends an unauthenticated visitor to login with returnUrl, then back after login', async () => {
    await ui.page.goto(url('/admin/products'));
    await waitForPath(ui.page, LOGIN, '?returnUrl=%2Fadmin%2Fproducts');

    await loginThroughForm(ui.page, E2E.adminUserName, E2E.adminPassword);
    await waitForPath(ui.page, '/admin/products');
    expect(await readToken(ui.page)).not.toBeNull();
    await ui.page
      .getByTestId('admin-layout')
      .getByRole('table', { name: 'Danh sách sản phẩm' })
      .waitFor();
    expect(
      await ui.page.getByRole('link', { name: 'Danh sách sản phẩm' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('asks for both fields before sending anything', async () => {
    await ui.page.goto(url(LOGIN));
    const form = ui.page.getByTestId('login-form');
    await form.waitFor();
    const logins = countRequests(ui.page, IDENTITY.login);
    await ui.page.getByRole('button', { name: 'Đăng nhập' }).click();
    await form.getByText('Nhập tên đăng nhập', { exact: true }).waitFor();
    await form.getByText('Nhập mật khẩu', { exact: true }).waitFor();
    expect(logins()).toBe(0);
    expect(pathOf(ui.page)).toBe(LOGIN);
  });

  it('shows code 100 for a wrong password on the login form and stays there', async () => {
    await ui.page.goto(url(LOGIN));
    await ui.page.getByTestId('login-form').waitFor();
    const logins = countRequests(ui.page, IDENTITY.login);
    const answer = ui.page.waitForResponse(
      (response) => new URL(response.url()).pathname === IDENTITY.login,
    );
    await loginThroughForm(ui.page, E2E.adminUserName, 'definitely-not-the-password');

    const response = await answer;
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 100 } });
    const error = ui.page.getByTestId('login-error');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe('Tên đăng nhập hoặc mật khẩu không đúng');
    expect(logins()).toBe(1);
    expect(pathOf(ui.page)).toBe(LOGIN);
    expect(await readToken(ui.page)).toBeNull();
  });

  it('logs in through the form to the dashboard', async () => {
    await ui.page.goto(url(LOGIN));
    await loginThroughForm(ui.page, E2E.adminUserName, E2E.adminPassword);
    await waitForPath(ui.page, '/admin');
    await waitForDashboard(ui.page);
    expect(await readToken(ui.page)).toContain('"accessToken"');
    await ui.page.getByTestId('profile-menu-button').click();
    expect((await ui.page.getByTestId('profile-name').textContent()) ?? '').toContain(
      E2E.adminUserName,
    );
  });

  it('sends a signed-in user from the login page to /admin', async () => {
    await openSignedIn(ui.page, await loginAsAdmin(), LOGIN);
    await waitForPath(ui.page, '/admin');
    await waitForDashboard(ui.page);
    expect(await ui.page.getByTestId('login-form').count()).toBe(0);
  });

  it('logs out to the login page with redirect = current path', async () => {
    await openSignedIn(ui.page, await loginAsAdmin(), '/admin/orders');
    await ui.page.getByTestId('profile-menu-button').click();
    await ui.page.getByRole('menuitem', { name: 'Đăng xuất', exact: true }).click();
    await waitForPath(ui.page, LOGIN, '?redirect=%2Fadmin%2Forders');
    await ui.page.getByTestId('login-form').waitFor();
    expect(await readToken(ui.page)).toBeNull();

    await ui.page.goto(url('/admin'));
    await waitForPath(ui.page, LOGIN, '?returnUrl=%2Fadmin');
    await ui.page.getByTestId('login-form').waitFor();
    expect(await ui.page.getByTestId('admin-layout').count()).toBe(0);
  });

  it('goes to login when the API answers 401 (token with a bad signature)', async () => {
    await openSignedIn(ui.page, forgedSession(), '/admin/system/users');
    await waitForPath(ui.page, LOGIN);
    await ui.page.getByTestId('login-form').waitFor();
    expect(new URL(ui.page.url()).searchParams.get('redirect')).toBe('/admin/system/users');
    expect(await readToken(ui.page)).toBeNull();
  });

  describe('staff', () => {
    let admin: LoginResult;
    let staff: ApiUser | undefined;
    const password = 'Staff@12345';

    beforeAll(async () => {
      admin = await loginAsAdmin();
      staff = await createUser(admin.accessToken, {
        userName: uniqueUserName('e2e_staff'),
        fullName: 'E2E Nhân viên',
        password,
        role: 'staff',
      });
    });
    afterAll(async () => {
      if (staff) await deleteUser(admin.accessToken, staff.id);
    });

    it('sees the admin area but gets access denied on the users screen', async () => {
      await ui.page.goto(url('/admin/products'));
      await waitForPath(ui.page, LOGIN);
      await loginThroughForm(ui.page, staff!.userName, password);
      await waitForPath(ui.page, '/admin/products');
      await ui.page
        .getByTestId('admin-layout')
        .getByRole('table', { name: 'Danh sách sản phẩm' })
        .waitFor();

      await ui.page.goto(url('/admin/system/users'));
      await waitForPath(ui.page, '/admin/auth/access');
      await ui.page.getByTestId('access-denied').waitFor();
      expect(pathOf(ui.page)).toBe('/admin/auth/access');
    });
  });
});
