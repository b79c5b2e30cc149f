import { chromium, type Browser, type Page } from 'playwright-core';
import type { LoginResult } from './api';
import { E2E, url } from './env';

export const TOKEN_KEY = 'data_token';

/** Debian's Chromium with a fresh temporary profile (plain launch), never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: E2E.chromiumPath,
    headless: E2E.headless,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in its own context (own storage), Vietnamese locale, a desktop-sized window. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, locale: 'vi-VN', viewport });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context.newPage();
}

/** Stores a Login result the way the app does, then opens `path`. */
export async function openSignedIn(
  page: Page,
  session: LoginResult | Record<string, unknown>,
  path: string,
): Promise<void> {
  await page.goto(url('/pages/notfound'));
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto(url(path));
}

export async function loginThroughForm(
  page: Page,
  userName: string,
  password: string,
): Promise<void> {
  await page.getByRole('textbox', { name: 'Tên đăng nhập' }).fill(userName);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

export function readToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

export function pathOf(page: Page): string {
  const current = new URL(page.url());
  return `${current.pathname}${current.search}`;
}

/** Waits until the page is at `pathname` (optionally with exactly this search). */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL(
    (current) =>
      current.pathname === pathname && (search === undefined || current.search === search),
  );
}

/** Waits until the input or textarea matched by `selector` holds exactly `value`. */
export async function waitForInputValue(
  page: Page,
  selector: string,
  value: string,
): Promise<void> {
  await page.waitForFunction(
    ([css, expected]) =>
      document.querySelector<HTMLInputElement | HTMLTextAreaElement>(css)?.value === expected,
    [selector, value] as const,
  );
}

function base64Url(value: string): string {
  return Buffer.from(value).toString('base64url');
}

/** A well-formed JWT with a future exp whose signature the server will reject. */
export function forgedSession(): Record<string, unknown> {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const header = base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'forged' }));
  const payload = base64Url(
    JSON.stringify({ sub: '00000000-0000-4000-8000-000000000000', role: 'admin', ver: 1, exp }),
  );
  return {
    accessToken: `${header}.${payload}.${base64Url('not-a-real-signature')}`,
    tokenType: 'Bearer',
    expiresAt: new Date(exp * 1000).toISOString(),
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      userName: 'forged',
      fullName: 'Forged',
      role: 'admin',
    },
  };
}

/**
 * Counts the requests the page sends to `pathname` (query ignored) from now on: a test
 * that says "before sending" reads 0 here, one that sends reads how many went out.
 */
export function countRequests(page: Page, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

/**
 * Waits for the admin dashboard with its figures loaded from the API: the shell, the
 * 'Tổng quan' heading and a revenue in VND (a broken page or an error answer shows none).
 */
export async function waitForDashboard(page: Page): Promise<void> {
  const shell = page.getByTestId('admin-layout');
  await shell.getByRole('heading', { level: 1, name: 'Tổng quan', exact: true }).waitFor();
  await shell.getByTestId('dashboard-revenue').filter({ hasText: '₫' }).waitFor();
}
