import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  loginAsAdmin,
  readEditableConfiguration,
  replaceConfiguration,
  SYSTEM,
  UNCONFIGURED,
  uniqueSuffix,
  type EditableConfiguration,
  type LoginResult,
} from './support/api';
import { launchBrowser, newPage, openSignedIn } from './support/browser';
import { url } from './support/env';

const hasDarkClass = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('app-dark'));
/** The class follows the click through a React effect: poll instead of reading once. */
const expectDark = (page: Page, dark: boolean) => expect.poll(() => hasDarkClass(page), { timeout: 10_000 }).toBe(dark);

describe('dark mode', () => {
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

  it('toggles app-dark on <html> in the storefront and remembers it', async () => {
    await page.goto(url('/'));
    await page.getByTestId('storefront-home').waitFor();
    const toggle = page.getByTestId('theme-toggle');
    expect(await hasDarkClass(page)).toBe(false);

    await toggle.click();
    await expectDark(page, true);

    await page.reload();
    await page.getByTestId('storefront-home').waitFor();
    await expectDark(page, true);

    await page.getByTestId('theme-toggle').click();
    await expectDark(page, false);
  });

  it('toggles app-dark from the admin topbar too', async () => {
    await openSignedIn(page, await loginAsAdmin(), '/admin');
    await page.getByTestId('admin-layout').waitFor();
    expect(await hasDarkClass(page)).toBe(false);
    await page.getByTestId('theme-toggle').click();
    await expectDark(page, true);
    await page.getByTestId('theme-toggle').click();
    await expectDark(page, false);
  });

  describe('the shop name in the storefront topbar', () => {
    let admin: LoginResult;
    let original: EditableConfiguration | undefined;

    beforeAll(async () => {
      admin = await loginAsAdmin();
      original = await readEditableConfiguration(admin.accessToken);
    });
    afterAll(async () => {
      if (original) await replaceConfiguration(admin.accessToken, original);
    });

    it('is the configured one', async () => {
      const shopName = `E2E Shop giao diện ${uniqueSuffix()}`;
      await replaceConfiguration(admin.accessToken, { ...UNCONFIGURED, shopName });
      await page.goto(url('/'));
      await page.getByTestId('storefront-home').waitFor();
      await page.getByTestId('shop-name').filter({ hasText: shopName }).waitFor();
      expect((await page.getByTestId('shop-name').textContent())?.trim()).toBe(shopName);
    });

    it('is the default one, with the default logo and no error, before the shop is configured', async () => {
      await replaceConfiguration(admin.accessToken, UNCONFIGURED);
      expect(await readEditableConfiguration(admin.accessToken)).toEqual(UNCONFIGURED);

      const config = page.waitForResponse((response) => new URL(response.url()).pathname === SYSTEM.publicConfiguration);
      await page.goto(url('/'));
      expect((await config).status()).toBe(200);
      await page.getByTestId('storefront-home').waitFor();
      expect((await page.getByTestId('shop-name').textContent())?.trim()).toBe(UNCONFIGURED.shopName);
      expect(await page.getByRole('img', { name: 'Logo cửa hàng' }).getAttribute('src')).toBe('/images/logo.svg');
      expect(await page.getByTestId('toast').count()).toBe(0);
    });
  });
});
