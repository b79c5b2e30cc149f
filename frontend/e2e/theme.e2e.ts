import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { openSignedIn } from './support/browser';
import { url } from './support/env';
import { browserSession } from './support/hooks';

const hasDarkClass = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('app-dark'));
/** The class follows the click through a React effect: poll instead of reading once. */
const expectDark = (page: Page, dark: boolean) =>
  expect.poll(() => hasDarkClass(page), { timeout: 10_000 }).toBe(dark);

describe('dark mode', () => {
  const ui = browserSession();

  it('toggles app-dark on <html> in the storefront and remembers it', async () => {
    await ui.page.goto(url('/'));
    await ui.page.getByTestId('storefront-home').waitFor();
    const toggle = ui.page.getByTestId('theme-toggle');
    expect(await hasDarkClass(ui.page)).toBe(false);

    await toggle.click();
    await expectDark(ui.page, true);

    await ui.page.reload();
    await ui.page.getByTestId('storefront-home').waitFor();
    await expectDark(ui.page, true);

    await ui.page.getByTestId('theme-toggle').click();
    await expectDark(ui.page, false);
  });

  it('toggles app-dark from the admin topbar too', async () => {
    await openSignedIn(ui.page, await loginAsAdmin(), '/admin');
    await ui.page.getByTestId('admin-layout').waitFor();
    expect(await hasDarkClass(ui.page)).toBe(false);
    await ui.page.getByTestId('theme-toggle').click();
    await expectDark(ui.page, true);
    await ui.page.getByTestId('theme-toggle').click();
    await expectDark(ui.page, false);
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
      await ui.page.goto(url('/'));
      await ui.page.getByTestId('storefront-home').waitFor();
      await ui.page.getByTestId('shop-name').filter({ hasText: shopName }).waitFor();
      expect((await ui.page.getByTestId('shop-name').textContent())?.trim()).toBe(shopName);
    });

    it('is the default one, with the default logo and no error, before the shop is configured', async () => {
      await replaceConfiguration(admin.accessToken, UNCONFIGURED);
      expect(await readEditableConfiguration(admin.accessToken)).toEqual(UNCONFIGURED);

      const config = ui.page.waitForResponse(
        (response) => new URL(response.url()).pathname === SYSTEM.publicConfiguration,
      );
      await ui.page.goto(url('/'));
      expect((await config).status()).toBe(200);
      await ui.page.getByTestId('storefront-home').waitFor();
      expect((await ui.page.getByTestId('shop-name').textContent())?.trim()).toBe(
        UNCONFIGURED.shopName,
      );
      expect(await ui.page.getByRole('img', { name: 'Logo cửa hàng' }).getAttribute('src')).toBe(
        '/images/logo.svg',
      );
      expect(await ui.page.getByTestId('toast').count()).toBe(0);
    });
  });
});
