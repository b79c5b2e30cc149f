import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  loginAsAdmin,
  removeProduct,
  uniqueSuffix,
  type LoginResult,
} from './support/api';
import { openSignedIn, pathOf, waitForPath } from './support/browser';
import { url } from './support/env';
import { browserSession } from './support/hooks';

describe('back-office list state in the URL', () => {
  const ui = browserSession();
  let admin: LoginResult;
  const suffix = uniqueSuffix();
  const ids: string[] = [];

  beforeAll(async () => {
    admin = await loginAsAdmin();
    for (const name of [`Url state Alpha ${suffix}`, `Url state Beta ${suffix}`])
      ids.push((await createProduct(admin.accessToken, { name, price: 10000 })).id);
  });
  afterAll(async () => {
    for (const id of ids) await removeProduct(admin.accessToken, id);
  });

  it('keeps a typed keyword whole, and the filter and sort survive a reload and Back', async () => {
    await openSignedIn(ui.page, admin, '/admin/products');
    const search = ui.page.getByTestId('products-search');
    // Typed key by key with no pause: no letter may be lost while the URL follows.
    await search.pressSequentially(`state alpha ${suffix}`, { delay: 0 });
    await waitForPath(ui.page, '/admin/products', `?keyword=state+alpha+${suffix}`);
    expect(await search.inputValue()).toBe(`state alpha ${suffix}`);
    const rows = ui.page.getByTestId('products-table').locator('tbody tr');
    // The list follows the keyword after a short pause: only Alpha holds every word.
    const onlyA = async () =>
      (await rows.count()) === 1 &&
      (await rows.first().textContent())?.includes(`Url state Alpha ${suffix}`);
    await expect.poll(onlyA).toBe(true);

    await ui.page.getByRole('button', { name: 'Giá bán' }).click();
    await waitForPath(
      ui.page,
      '/admin/products',
      `?keyword=state+alpha+${suffix}&sort=price&dir=asc`,
    );

    await ui.page.reload();
    await expect.poll(onlyA).toBe(true);
    expect(await ui.page.getByTestId('products-search').inputValue()).toBe(`state alpha ${suffix}`);

    // Away to another screen and Back: the same list.
    await ui.page.goto(url('/admin/orders'));
    await ui.page.goBack();
    await expect.poll(onlyA).toBe(true);
    expect(pathOf(ui.page)).toBe(
      `/admin/products?keyword=state+alpha+${suffix}&sort=price&dir=asc`,
    );
    expect(await ui.page.getByTestId('products-search').inputValue()).toBe(`state alpha ${suffix}`);
  });
});
