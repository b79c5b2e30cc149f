import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, loginAsAdmin, removeProduct, uniqueSuffix, type LoginResult } from './support/api';
import { launchBrowser, newPage, openSignedIn, pathOf, waitForPath } from './support/browser';
import { url } from './support/env';

describe('back-office list state in the URL', () => {
  let browser: Browser;
  let page: Page;
  let admin: LoginResult;
  const suffix = uniqueSuffix();
  const ids: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await loginAsAdmin();
    for (const name of [`Url state A ${suffix}`, `Url state B ${suffix}`]) ids.push((await createProduct(admin.accessToken, { name, price: 10000 })).id);
  });
  afterAll(async () => {
    for (const id of ids) await removeProduct(admin.accessToken, id);
    await browser?.close();
  });
  beforeEach(async () => {
    page = await newPage(browser);
  });
  afterEach(async () => {
    await page?.context().close();
  });

  it('keeps a typed keyword whole, and the filter and sort survive a reload and Back', async () => {
    await openSignedIn(page, admin, '/admin/products');
    const search = page.getByTestId('products-search');
    // Typed key by key with no pause: no letter may be lost while the URL follows.
    await search.pressSequentially(`state a ${suffix}`, { delay: 0 });
    await waitForPath(page, '/admin/products', `?keyword=state+a+${suffix}`);
    expect(await search.inputValue()).toBe(`state a ${suffix}`);
    const rows = page.getByTestId('products-table').locator('tbody tr');
    // The list follows the keyword after a short pause: only product A is left.
    const onlyA = async () => (await rows.count()) === 1 && (await rows.first().textContent())?.includes(`Url state A ${suffix}`);
    await expect.poll(onlyA).toBe(true);

    await page.getByRole('button', { name: 'Giá bán' }).click();
    await waitForPath(page, '/admin/products', `?keyword=state+a+${suffix}&sort=price&dir=asc`);

    await page.reload();
    await expect.poll(onlyA).toBe(true);
    expect(await page.getByTestId('products-search').inputValue()).toBe(`state a ${suffix}`);

    // Away to another screen and Back: the same list.
    await page.goto(url('/admin/orders'));
    await page.goBack();
    await expect.poll(onlyA).toBe(true);
    expect(pathOf(page)).toBe(`/admin/products?keyword=state+a+${suffix}&sort=price&dir=asc`);
    expect(await page.getByTestId('products-search').inputValue()).toBe(`state a ${suffix}`);
  });
});
