import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, deleteUser, IDENTITY, loginAsAdmin, uniqueUserName, type ApiUser, type LoginResult } from './support/api';
import {
  countRequests,
  forgedSession,
  launchBrowser,
  loginThroughForm,
  newPage,
  openSignedIn,
  pathOf,
  readToken,
  waitForDashboard,
  waitForPath,
} from './support/browser';
import { E2E, url } from './support/env';

const LOGIN = '/admin/auth/login';

describe('authentication and the route guard', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await newPage(browser);
  });
  afterEach(async () => {
    await page?.context().close();
  });

  it('sends an unauthenticated visitor to login with returnUrl, then back after login', async () => {
    await page.goto(url('/admin/products'));
    await waitForPath(page, LOGIN, '?returnUrl=%2Fadmin%2Fproducts');

    await loginThroughForm(page, E2E.adminUserName, E2E.adminPassword);
    await waitForPath(page, '/admin/products');
    expect(await readToken(page)).not.toBeNull();
    await page.getByTestId('admin-layout').getByRole('table', { name: 'Danh sách sản phẩm' }).waitFor();
    expect(await page.getByRole('link', { name: 'Danh sách sản phẩm' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks for both fields before sending anything', async () => {
    await page.goto(url(LOGIN));
    const form = page.getByTestId('login-form');
    await form.waitFor();
    const logins = countRequests(page, IDENTITY.login);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await form.getByText('Nhập tên đăng nhập', { exact: true }).waitFor();
    await form.getByText('Nhập mật khẩu', { exact: true }).waitFor();
    expect(logins()).toBe(0);
    expect(pathOf(page)).toBe(LOGIN);
  });

  it('shows code 100 for a wrong password on the login form and stays there', async () => {
    await page.goto(url(LOGIN));
    await page.getByTestId('login-form').waitFor();
    const logins = countRequests(page, IDENTITY.login);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === IDENTITY.login);
    await loginThroughForm(page, E2E.adminUserName, 'definitely-not-the-password');

    const response = await answer;
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 100 } });
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe('Tên đăng nhập hoặc mật khẩu không đúng');
    expect(logins()).toBe(1);
    expect(pathOf(page)).toBe(LOGIN);
    expect(await readToken(page)).toBeNull();
  });

  it('logs in through the form to the dashboard', async () => {
    await page.goto(url(LOGIN));
    await loginThroughForm(page, E2E.adminUserName, E2E.adminPassword);
    await waitForPath(page, '/admin');
    await waitForDashboard(page);
    expect(await readToken(page)).toContain('"accessToken"');
    await page.getByTestId('profile-menu-button').click();
    expect((await page.getByTestId('profile-name').textContent()) ?? '').toContain(E2E.adminUserName);
  });

  it('sends a signed-in user from the login page to /admin', async () => {
    await openSignedIn(page, await loginAsAdmin(), LOGIN);
    await waitForPath(page, '/admin');
    await waitForDashboard(page);
    expect(await page.getByTestId('login-form').count()).toBe(0);
  });

  it('logs out to the login page with redirect = current path', async () => {
    await openSignedIn(page, await loginAsAdmin(), '/admin/orders');
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất', exact: true }).click();
    await waitForPath(page, LOGIN, '?redirect=%2Fadmin%2Forders');
    await page.getByTestId('login-form').waitFor();
    expect(await readToken(page)).toBeNull();

    await page.goto(url('/admin'));
    await waitForPath(page, LOGIN, '?returnUrl=%2Fadmin');
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('admin-layout').count()).toBe(0);
  });

  it('goes to login when the API answers 401 (token with a bad signature)', async () => {
    await openSignedIn(page, forgedSession(), '/admin/system/users');
    await waitForPath(page, LOGIN);
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/system/users');
    expect(await readToken(page)).toBeNull();
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
      await page.goto(url('/admin/products'));
      await waitForPath(page, LOGIN);
      await loginThroughForm(page, staff!.userName, password);
      await waitForPath(page, '/admin/products');
      await page.getByTestId('admin-layout').getByRole('table', { name: 'Danh sách sản phẩm' }).waitFor();

      await page.goto(url('/admin/system/users'));
      await waitForPath(page, '/admin/auth/access');
      await page.getByTestId('access-denied').waitFor();
      expect(pathOf(page)).toBe('/admin/auth/access');
    });
  });
});
