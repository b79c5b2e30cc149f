import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBankProvider,
  createProductWithCodes,
  deletePaymentProvider,
  loginAsAdmin,
  readEditableConfiguration,
  removeProduct,
  replaceConfiguration,
  uniqueSuffix,
  type EditableConfiguration,
  type LoginResult,
} from './support/api';
import { newPage, openSignedIn } from './support/browser';
import { url } from './support/env';
import { browserSession } from './support/hooks';

/** A small Android phone. */
const PHONE = { width: 360, height: 740 };

/** How far the page reaches past the screen's right edge (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** WCAG contrast of the button's text colour on its own background colour, from computed styles. */
function contrastOf(page: Page, name: string): Promise<number> {
  return page.getByRole('button', { name, exact: true }).evaluate((element) => {
    const style = getComputedStyle(element);
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (css: string) => {
      const [r, g, b] = channels(css).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [luminance(style.color), luminance(style.backgroundColor)].sort(
      (a, b) => b - a,
    );
    return (hi + 0.05) / (lo + 0.05);
  });
}

describe('the storefront on a 360 px phone', () => {
  const ui = browserSession(PHONE);
  let admin: LoginResult;
  let saved: EditableConfiguration;
  let productId: string;
  let providerId: string;
  const suffix = uniqueSuffix();
  const note = `Hỗ trợ 8:00 - 22:00 mỗi ngày ${suffix}`;
  const email = `hotro-${suffix}@shop.example`;
  const phone = '0901 234 567';
  const productName = `Thẻ-quà-tặng-Steam-Wallet-500.000đ-siêu-dài-${suffix}`;
  const providerName = `VCB di động ${suffix}`;

  beforeAll(async () => {
    admin = await loginAsAdmin();
    saved = await readEditableConfiguration(admin.accessToken);
    await replaceConfiguration(admin.accessToken, {
      ...saved,
      footerNote: note,
      contactEmail: email,
      contactPhone: phone,
    });
    // A long unbroken name and a discount-sized price: what stretched cards before.
    productId = await createProductWithCodes(
      admin.accessToken,
      { name: productName, price: 475000 },
      [`MOBILE-${suffix}-1`, `MOBILE-${suffix}-2`],
    );
    // The widest back-office table: bank account, webhook address, actions.
    providerId = await createBankProvider(admin.accessToken, {
      name: providerName,
      accountNumber: `9${Date.now().toString().slice(-9)}`,
      webhookSecret: `secret-${suffix}-0123456789`,
      sortOrder: 9000,
    });
  });
  afterAll(async () => {
    if (productId) await removeProduct(admin.accessToken, productId);
    if (providerId) await deletePaymentProvider(admin.accessToken, providerId);
    if (saved) await replaceConfiguration(admin.accessToken, saved);
  });

  it('scrolls no page sideways: home, order lookup, login', async () => {
    await ui.page.goto(url('/'));
    await ui.page.getByTestId('product-card').first().waitFor();
    expect(await sidewaysOverflow(ui.page)).toBeLessThanOrEqual(0);

    await ui.page.goto(url('/order-detail'));
    await ui.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await sidewaysOverflow(ui.page)).toBeLessThanOrEqual(0);

    await ui.page.goto(url('/admin/auth/login'));
    await ui.page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    expect(await sidewaysOverflow(ui.page)).toBeLessThanOrEqual(0);
  });

  it('shows the footer note, e-mail and phone the owner configured', async () => {
    await ui.page.goto(url('/'));
    const footer = ui.page.locator('footer');
    await footer.getByTestId('footer-note').waitFor();
    expect(await footer.getByTestId('footer-note').textContent()).toBe(note);
    const mail = footer.getByRole('link', { name: email });
    expect(await mail.getAttribute('href')).toBe(`mailto:${email}`);
    const tel = footer.getByRole('link', { name: phone });
    expect(await tel.getAttribute('href')).toBe('tel:0901234567');
    expect(await sidewaysOverflow(ui.page)).toBeLessThanOrEqual(0);
  });

  it('keeps the contained button readable (WCAG AA 4.5:1) in the light and the dark theme', async () => {
    // This run's product has codes, so its 'Mua ngay' is enabled (a disabled one may be faint).
    const buy = `Mua ngay ${productName}`;
    await ui.page.goto(url(`/?keyword=${encodeURIComponent(productName)}`));
    await ui.page.getByRole('button', { name: buy, exact: true }).waitFor();
    expect(
      await ui.page.evaluate(() => document.documentElement.classList.contains('app-dark')),
    ).toBe(false);
    expect(await contrastOf(ui.page, buy)).toBeGreaterThanOrEqual(4.5);

    await ui.page.getByTestId('theme-toggle').click();
    await expect
      .poll(() => ui.page.evaluate(() => document.documentElement.classList.contains('app-dark')))
      .toBe(true);
    // The colours fade over MUI's transition: poll until the dark pair has settled.
    await expect
      .poll(() => contrastOf(ui.page, buy), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(4.5);
  });

  it('shows back-office tables as cards on the phone and keeps the row actions on screen at 1366 px', async () => {
    await openSignedIn(
      ui.page,
      admin,
      `/admin/products?keyword=${encodeURIComponent(productName)}`,
    );
    const row = ui.page
      .getByTestId('products-table')
      .locator('tbody tr')
      .filter({ hasText: productName });
    await row.waitFor();
    expect(await sidewaysOverflow(ui.page)).toBeLessThanOrEqual(0);
    // Each line of the card carries its column's name.
    expect(await row.locator('td[data-label="Giá bán"]').textContent()).toContain('475.000');

    const desktop = await newPage(ui.browser, { width: 1366, height: 768 });
    try {
      await openSignedIn(
        desktop,
        admin,
        `/admin/providers/payment?keyword=${encodeURIComponent(providerName)}`,
      );
      const remove = desktop.getByRole('button', { name: `Xóa ${providerName}` });
      await remove.waitFor();
      const box = await remove.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
      expect(await sidewaysOverflow(desktop)).toBeLessThanOrEqual(0);
    } finally {
      await desktop.context().close();
    }
  });
});
