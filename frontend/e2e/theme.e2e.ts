import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin } from './support/api';
import { launchBrowser, newPage, openSignedIn } from './support/browser';
import { url } from './support/env';

const hasDarkClass = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('app-dark'));

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
    const toggle = page.getByTestId('theme-toggle');
    expect(await hasDarkClass(page)).toBe(false);

    await toggle.click();
    expect(await hasDarkClass(page)).toBe(true);

    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect(await hasDarkClass(page)).toBe(true);

    await page.getByTestId('theme-toggle').click();
    expect(await hasDarkClass(page)).toBe(false);
  });

  it('toggles app-dark from the admin topbar too', async () => {
    await openSignedIn(page, await loginAsAdmin(), '/admin');
    await page.getByTestId('admin-layout').waitFor();
    await page.getByTestId('theme-toggle').click();
    expect(await hasDarkClass(page)).toBe(true);
    await page.getByTestId('theme-toggle').click();
    expect(await hasDarkClass(page)).toBe(false);
  });

  it('shows the storefront with a shop name even before the shop is configured', async () => {
    await page.goto(url('/'));
    await page.getByTestId('storefront-home').waitFor();
    expect((await page.getByTestId('shop-name').textContent())?.trim()).not.toBe('');
    expect(await page.getByTestId('toast').count()).toBe(0);
  });
});
