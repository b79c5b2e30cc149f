import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProductWithCodes,
  loginAsAdmin,
  readConfiguration,
  removeProduct,
  uniqueSuffix,
  updateConfiguration,
  type ApiConfiguration,
  type LoginResult,
} from './support/api';
import { url } from './support/env';
import { browserSession } from './support/hooks';

/** A small Android phone. */
const PHONE = { width: 360, height: 740 };

/** The page's full width: more than the screen means a sideways scroll. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('a shopper on a 360 px phone', () => {
  const ui = browserSession(PHONE);
  let admin: LoginResult;
  let saved: ApiConfiguration;
  let productId: string;
  const suffix = uniqueSuffix();
  // What an owner pastes: hashtags glued together and a URL, 200 characters, no space.
  const tagline =
    `#khuyenmai#thequatang#steamwallet#googleplay#https://shop.example/khuyen-mai?utm_source=facebook&ref=${suffix}`
      .padEnd(200, '#giamgia')
      .slice(0, 200);
  const productName = `Thẻ-Google-Play-200.000đ-${suffix}`;

  beforeAll(async () => {
    admin = await loginAsAdmin();
    saved = await readConfiguration(admin.accessToken);
    await updateConfiguration(admin.accessToken, { shopTagline: tagline });
    productId = await createProductWithCodes(
      admin.accessToken,
      { name: productName, price: 200000 },
      [`PHONE-${suffix}-1`, `PHONE-${suffix}-2`],
    );
  });
  afterAll(async () => {
    if (productId) await removeProduct(admin.accessToken, productId);
    if (saved)
      await updateConfiguration(admin.accessToken, { shopTagline: saved.shopTagline ?? '' });
  });

  it('wraps a long tagline, opens the buy sheet full-screen, closes it with Back and keeps what was typed', async () => {
    const page = ui.page;
    await page.goto(url(`/?keyword=${encodeURIComponent(productName)}`));
    const taglineText = page.getByTestId('shop-tagline');
    await taglineText.waitFor();
    expect(await taglineText.textContent()).toBe(tagline);
    await page.getByTestId('product-card').first().waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // The way to an order without its link is in the header.
    expect(await page.getByTestId('header-order-lookup').getAttribute('href')).toBe(
      '/order-detail',
    );

    await page.getByRole('button', { name: `Mua ngay ${productName}`, exact: true }).click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const box = await sheet.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    // The total sits beside 'Đặt hàng' at the bottom of the screen.
    const submit = sheet.getByRole('button', { name: 'Đặt hàng' });
    const total = sheet.getByTestId('buy-now-footer-total');
    expect(await total.textContent()).toMatch(/200\.000\s₫/);
    const [submitBox, totalBox] = [await submit.boundingBox(), await total.boundingBox()];
    expect(submitBox!.y + submitBox!.height).toBeGreaterThan(PHONE.height - 80);
    expect(
      Math.abs(submitBox!.y + submitBox!.height / 2 - (totalBox!.y + totalBox!.height / 2)),
    ).toBeLessThan(24);
    expect(submitBox!.height).toBeGreaterThanOrEqual(44);

    const email = sheet.getByRole('textbox', { name: /^Email/ });
    await email.fill('an.nguyen@gmail.con');
    await sheet.getByText('Ý bạn là').waitFor();
    await sheet.getByRole('button', { name: 'an.nguyen@gmail.com' }).click();
    expect(await email.inputValue()).toBe('an.nguyen@gmail.com');
    await sheet.getByRole('textbox', { name: 'Họ tên (không bắt buộc)' }).fill('Nguyễn Văn An');

    // The phone's Back closes the sheet and stays in the shop.
    await page.goBack();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('storefront-home').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // Opened again, it holds what was typed.
    await page.getByRole('button', { name: `Mua ngay ${productName}`, exact: true }).click();
    await sheet.waitFor();
    expect(await sheet.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(
      'an.nguyen@gmail.com',
    );
    expect(await sheet.getByRole('textbox', { name: 'Họ tên (không bắt buộc)' }).inputValue()).toBe(
      'Nguyễn Văn An',
    );

    // Closed with its own button, Back afterwards leaves nothing open and the page where it was.
    await sheet.getByRole('button', { name: 'Đóng' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
