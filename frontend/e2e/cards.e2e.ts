import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBankProvider,
  createProduct,
  deletePaymentProvider,
  loginAsAdmin,
  postSePayWebhook,
  removeProduct,
  uniqueSuffix,
  type LoginResult,
} from './support/api';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

/** A small Android phone. */
const PHONE = { width: 360, height: 740 };

/**
 * Phone cards end to end: staff import a supplier's `Seri,Mã thẻ,Mệnh giá` file through
 * the preview and the column mapping (the header recognised and skipped, the PIN and the
 * serial in their columns); a shopper on a 360 px phone buys one card, the bank pays, and
 * the order page shows the serial, the PIN (each with its copy button) and the product's
 * redemption steps rendered from Markdown without raw HTML.
 */
describe('cards with a serial and a PIN', () => {
  const suffix = uniqueSuffix();
  const productName = `E2E Thẻ Viettel 100K ${suffix}`;
  const providerName = `E2E VCB thẻ ${suffix}`;
  const accountNumber = `7${Date.now().toString().slice(-11)}`;
  const webhookSecret = `e2e-cards-${suffix}-0123456789`;
  const steps = [
    '1. Bấm **\\*100\\*mã thẻ#** rồi nhấn gọi.',
    '2. Xem thêm tại [Viettel](https://viettel.vn/nap-the).',
    '',
    '<script>window.__pwned = true</script>',
  ].join('\n');
  /** Ten cards: serial, PIN, face value. */
  const cards = Array.from({ length: 10 }, (_, i) => ({
    serial: `1000${suffix.replace(/\D/g, '').slice(-6).padStart(6, '0')}${String(i).padStart(2, '0')}`,
    pin: `9${String(randomInt(10 ** 9, 10 ** 10))}${String(i).padStart(2, '0')}`,
  }));
  const file = [
    'Seri,Mã thẻ,Mệnh giá',
    ...cards.map((card) => `${card.serial},${card.pin},100000`),
    '',
  ].join('\r\n');

  let browser: Browser;
  let admin: LoginResult;
  let productId: string | undefined;
  let providerId: string | undefined;
  const pages: Page[] = [];

  async function open(viewport?: { width: number; height: number }) {
    const page = await newPage(browser, viewport);
    pages.push(page);
    return page;
  }

  beforeAll(async () => {
    admin = await loginAsAdmin();
    productId = (
      await createProduct(admin.accessToken, {
        name: productName,
        price: 100_000,
        redeemInstructions: steps,
      })
    ).id;
    providerId = await createBankProvider(admin.accessToken, {
      name: providerName,
      accountNumber,
      webhookSecret,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const page of pages) await page.context().close();
    await browser?.close();
    // Sold codes keep the product (an order holds them); the suffix keeps runs apart.
    if (productId) await removeProduct(admin.accessToken, productId).catch(() => undefined);
    if (providerId)
      await deletePaymentProvider(admin.accessToken, providerId).catch(() => undefined);
  });

  it('imports the file with its header skipped, then a phone buys a card and sees serial, PIN and steps', async () => {
    // Staff: the file through the preview and the mapping.
    const staff = await open();
    await openSignedIn(staff, admin, `/admin/products/serial-codes?productId=${productId}`);
    await staff.getByTestId('serial-codes-import-button').click();
    const dialog = staff.getByTestId('serial-code-import-dialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('import-product').locator('input').inputValue(), {
        timeout: 15_000,
      })
      .toBe(productName);
    await dialog.getByTestId('import-source-file').click();
    await dialog.getByTestId('import-codes-file').setInputFiles({
      name: 'the-viettel.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });

    const preview = dialog.getByTestId('import-preview');
    await expect.poll(() => preview.getAttribute('data-count'), { timeout: 15_000 }).toBe('10');
    expect(await preview.getAttribute('data-rows')).toBe('10');
    expect(await preview.getAttribute('data-repeated')).toBe('0');
    // The header was recognised: PIN and serial mapped, the face value left out.
    expect(await dialog.getByTestId('import-map-code').inputValue()).toBe('1');
    expect(await dialog.getByTestId('import-map-serial').inputValue()).toBe('0');
    const table = dialog.getByTestId('import-preview-table');
    expect(await table.locator('thead').textContent()).toContain('Mã thẻ');
    expect(await table.locator('tbody tr').count()).toBe(5);
    expect(await table.locator('tbody tr').first().textContent()).toContain(cards[0].pin);
    expect(await table.textContent()).not.toContain('Seri,Mã');

    await dialog.getByTestId('import-submit').click();
    const result = staff.getByTestId('import-result');
    await result.waitFor();
    expect(await result.getByTestId('import-result-inserted').textContent()).toContain(
      'Đã thêm 10 mã',
    );
    // The list shows each card's serial beside its masked PIN; the serial finds it.
    await staff.getByTestId('import-close').click();
    await staff.getByTestId('serial-codes-search').fill(cards[3].serial);
    await expect
      .poll(() => staff.getByTestId('serial-code-serial').allTextContents(), { timeout: 15_000 })
      .toEqual([cards[3].serial]);

    // The shopper: one card on a phone.
    const shopper = await open(PHONE);
    await shopper.goto('/');
    await shopper.getByTestId('product-search').fill(productName);
    await shopper
      .getByTestId('product-card')
      .filter({ hasText: productName })
      .getByTestId('product-card-buy')
      .click();
    const buy = shopper.getByTestId('buy-now-dialog');
    await buy.waitFor();
    await buy.getByRole('textbox', { name: /^Email/ }).fill(`the.${suffix}@example.vn`);
    await buy.getByRole('radio', { name: providerName }).check();
    await buy.getByTestId('buy-now-submit').click();
    await shopper.waitForURL(/\/order-detail\?code=DH[0-9A-Z]{8}#token=/);
    const orderCode = new URL(shopper.url()).searchParams.get('code')!;

    const delivery = await postSePayWebhook(providerId!, webhookSecret, {
      id: randomInt(1, 2 ** 47),
      accountNumber,
      amount: 100_000,
      content: `MBVCB.5678.${orderCode}.CT tu 0011001234567`,
    });
    expect(delivery.status).toBe(200);

    const codes = shopper.getByTestId('order-codes');
    await codes.waitFor({ timeout: 20_000 });
    const serial = (await codes.getByTestId('order-serial').textContent())!;
    const pin = (await codes.getByTestId('order-code').textContent())!;
    // The oldest card first, and its own serial beside its PIN.
    expect(cards.find((card) => card.serial === serial)?.pin).toBe(pin);
    expect(await codes.getByText('Seri', { exact: true }).count()).toBe(1);
    expect(await codes.getByText('Mã thẻ', { exact: true }).count()).toBe(1);
    expect(await codes.getByTestId('order-serial-copy').count()).toBe(1);
    expect(await codes.getByTestId('order-code-copy').count()).toBe(1);

    const instructions = codes.getByTestId('order-redeem-instructions');
    expect(await instructions.locator('ol li').count()).toBe(2);
    expect(await instructions.locator('strong').textContent()).toBe('*100*mã thẻ#');
    const link = instructions.getByRole('link', { name: 'Viettel' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await link.getAttribute('rel')).toContain('nofollow');
    // Raw HTML is shown as text, never run.
    expect(await instructions.locator('script').count()).toBe(0);
    expect(await instructions.textContent()).toContain('<script>');
    expect(
      await shopper.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned),
    ).toBeUndefined();
    // Nothing reaches past the phone's right edge.
    expect(
      await shopper.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
