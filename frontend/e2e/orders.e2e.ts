import { randomInt } from 'node:crypto';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createBankProvider,
  createOrder,
  createProductWithCodes,
  createUser,
  deletePaymentProvider,
  deleteUser,
  login,
  loginAsAdmin,
  postSePayWebhook,
  readProduct,
  readWebOrder,
  removeProduct,
  uniqueSuffix,
  uniqueUserName,
  type LoginResult,
} from './support/api';
import { vietQrWithAmount } from '../src/features/checkout/utils/vietqr';
import { launchBrowser, newPage, openSignedIn } from './support/browser';
import { url } from './support/env';

/** Decodes the QR image on the page: drawn on a white canvas in the browser, read here. */
async function decodeQr(page: Page): Promise<string | null> {
  const pixels = await page.getByTestId('payment-qr').evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const size = Math.max(img.naturalWidth, 256);
    const margin = 32;
    const canvas = document.createElement('canvas');
    canvas.width = size + 2 * margin;
    canvas.height = size + 2 * margin;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingEnabled = false;
    context.drawImage(img, margin, margin, size, size);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

/**
 * The buying flow against the real stack: a shopper on a phone buys 2 codes and pays by
 * bank transfer (the bank's webhook posted as SePay would), the codes appear on the order
 * page by itself; staff follow the order and cancel another one, whose code goes back
 * to stock. Each test makes its own product (four codes) and orders; the bank provider
 * and the staff account are shared set-up that no test changes.
 */
describe('buying codes', () => {
  const providerName = `E2E VCB mua ${uniqueSuffix()}`;
  const accountNumber = `8${Date.now().toString().slice(-11)}`;
  const webhookSecret = `e2e-webhook-${uniqueSuffix()}-0123456789`;
  const price = 25_000;

  let browser: Browser;
  let admin: LoginResult;
  let providerId: string | undefined;
  let staffUserId: string | undefined;
  let staff: LoginResult;
  /** Products this test made, removed after it. */
  let made: string[] = [];
  let pages: Page[] = [];

  /** An active product with four codes of its own. */
  async function arrangeProduct() {
    const suffix = uniqueSuffix();
    const name = `E2E Thẻ quà tặng ${suffix}`;
    const codes = [1, 2, 3, 4].map((n) => `E2E-${suffix}-CODE-${n}`);
    const id = await createProductWithCodes(
      admin.accessToken,
      { name, price, maxPerOrder: 5 },
      codes,
    );
    made.push(id);
    return { id, name, codes, suffix };
  }

  /** The bank reports a transfer of `amount` with the order code in the memo. */
  async function payByWebhook(orderCode: string, amount: number) {
    const delivery = await postSePayWebhook(providerId!, webhookSecret, {
      id: randomInt(1, 2 ** 47),
      accountNumber,
      amount,
      // Banks glue the memo to other words and change its case.
      content: `MBVCB.1234.${orderCode.toLowerCase()}.CT tu 0011001234567 NGUYEN VAN A`,
    });
    expect(delivery.status).toBe(200);
    expect(delivery.body.success).toBe(true);
  }

  async function open(viewport?: { width: number; height: number }) {
    const page = await newPage(browser, viewport);
    pages.push(page);
    return page;
  }

  beforeAll(async () => {
    admin = await loginAsAdmin();
    providerId = await createBankProvider(admin.accessToken, {
      name: providerName,
      accountNumber,
      webhookSecret,
    });
    const userName = uniqueUserName('e2e_ord');
    const password = 'E2e@orders123';
    staffUserId = (
      await createUser(admin.accessToken, {
        userName,
        fullName: 'Nhân viên đơn hàng',
        password,
        role: 'staff',
      })
    ).id;
    staff = await login(userName, password);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (providerId)
      await deletePaymentProvider(admin.accessToken, providerId).catch(() => undefined);
    if (staffUserId) await deleteUser(admin.accessToken, staffUserId).catch(() => undefined);
  });
  beforeEach(() => {
    made = [];
    pages = [];
  });
  afterEach(async () => {
    for (const page of pages) await page.context().close();
    for (const id of made) await removeProduct(admin.accessToken, id).catch(() => undefined);
  });

  it('a shopper on a phone orders 2 codes and sees the amount, memo and VietQR code', async () => {
    const product = await arrangeProduct();
    // A phone: most shoppers buy from one.
    const shopper = await open({ width: 390, height: 844 });
    await shopper.goto('/');
    await shopper.getByTestId('product-search').fill(product.name);
    const card = shopper.getByTestId('product-card').filter({ hasText: product.name });
    await card.getByTestId('product-card-buy').click();

    const dialog = shopper.getByTestId('buy-now-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('buy-now-quantity').fill('2');
    await dialog
      .getByRole('textbox', { name: /^Email/ })
      .fill(`khach.${product.suffix}@example.vn`);
    await dialog.getByRole('radio', { name: providerName }).check();
    expect(
      (await dialog.getByTestId('buy-now-total').textContent())?.replace(/\s/g, ' '),
    ).toContain('50.000');
    await dialog.getByTestId('buy-now-submit').click();

    await shopper.waitForURL(/\/order-detail\?code=DH[0-9A-Z]{8}#token=/);
    const address = new URL(shopper.url());
    const orderCode = address.searchParams.get('code')!;
    const token = new URLSearchParams(address.hash.slice(1)).get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);

    const order = shopper.getByTestId('customer-order');
    await order.waitFor();
    expect(await order.getAttribute('data-status')).toBe('pending_payment');
    expect((await shopper.getByTestId('order-status-label').textContent())?.trim()).toBe(
      'Chờ thanh toán',
    );
    expect((await shopper.getByTestId('payment-memo').textContent())?.trim()).toBe(orderCode);
    expect((await shopper.getByTestId('payment-account-number').textContent())?.trim()).toBe(
      accountNumber,
    );
    expect(await shopper.getByTestId('payment-amount').textContent()).toContain('50.000');
    await shopper.getByTestId('order-countdown').waitFor();

    // The QR image decodes to exactly the payload the API gives for this order.
    const response = await fetch(
      url(`/retailstore/api/web/v1/Order/OrderDetail?code=${orderCode}`),
      {
        headers: { 'X-Order-Token': token },
      },
    );
    const detail = (await response.json()) as { result: { payment: { qrPayload: string } } };
    const payload = detail.result.payment.qrPayload;
    expect(payload).toContain(orderCode);
    expect(payload).toContain('540550000');
    await shopper.getByTestId('payment-qr').waitFor();
    expect(await shopper.getByTestId('payment-qr').getAttribute('data-payload')).toBe(payload);
    expect(await decodeQr(shopper)).toBe(payload);
    expect((await readProduct(admin.accessToken, product.id)).stock).toMatchObject({
      available: 2,
      reserved: 2,
      sold: 0,
    });
  });

  it('shows the 2 codes without a reload once the bank reports the transfer', async () => {
    const product = await arrangeProduct();
    const pending = await createOrder({
      items: [{ productId: product.id, quantity: 2 }],
      email: `khach.${product.suffix}@example.vn`,
      paymentProviderId: providerId!,
    });
    const shopper = await open({ width: 390, height: 844 });
    await shopper.goto(`/order-detail?code=${pending.code}#token=${pending.accessToken}`);
    await shopper
      .locator('[data-testid="customer-order"][data-status="pending_payment"]')
      .waitFor();
    expect(await shopper.getByTestId('order-code').count()).toBe(0);

    // Survives only if the page is never reloaded.
    await shopper.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await payByWebhook(pending.code, 50_000);

    const shown = shopper.getByTestId('order-code');
    await expect.poll(() => shown.count(), { timeout: 20_000, interval: 500 }).toBe(2);
    expect(await shopper.getByTestId('customer-order').getAttribute('data-status')).toBe(
      'completed',
    );
    expect((await shopper.getByTestId('order-status-label').textContent())?.trim()).toBe(
      'Hoàn thành',
    );
    const delivered = (await shown.allTextContents()).map((text) => text.trim());
    expect(new Set(delivered).size).toBe(2);
    for (const code of delivered) expect(product.codes).toContain(code);
    expect(await shopper.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(
      42,
    );

    // The counters agree: 2 sold, 2 left.
    expect((await readProduct(admin.accessToken, product.id)).stock).toMatchObject({
      available: 2,
      reserved: 0,
      sold: 2,
    });
  });

  it('after a partial transfer asks for the remainder, with a QR for it that a banking app can read', async () => {
    const product = await arrangeProduct();
    const pending = await createOrder({
      items: [{ productId: product.id, quantity: 2 }],
      email: `khach3.${product.suffix}@example.vn`,
      paymentProviderId: providerId!,
    });
    const shopper = await open();
    await shopper.goto(`/order-detail?code=${pending.code}#token=${pending.accessToken}`);
    await shopper.getByTestId('payment-qr').waitFor();
    const full = await shopper.getByTestId('payment-qr').getAttribute('data-payload');
    expect(full).toContain('540550000');

    await payByWebhook(pending.code, 20_000);
    const partial = shopper.getByTestId('payment-partial');
    await partial.waitFor({ timeout: 20_000 });
    expect((await partial.textContent())?.replace(/\s/g, ' ')).toContain(
      'Đã nhận 20.000 ₫, còn thiếu 30.000 ₫.',
    );
    expect((await shopper.getByTestId('payment-amount').textContent())?.replace(/\s/g, ' ')).toBe(
      '30.000 ₫',
    );
    // The image decodes to the server's string asking for 30 000 with a correct CRC.
    await expect
      .poll(() => shopper.getByTestId('payment-qr').getAttribute('data-payload'))
      .toBe(vietQrWithAmount(full!, 30_000));
    const scanned = await decodeQr(shopper);
    expect(scanned).toBe(vietQrWithAmount(full!, 30_000));
    expect(scanned).toContain('540530000');

    await payByWebhook(pending.code, 30_000);
    await expect
      .poll(() => shopper.getByTestId('customer-order').getAttribute('data-status'), {
        timeout: 20_000,
        interval: 500,
      })
      .toBe('completed');
  });

  it('lets staff find a paid order completed, with its timeline', async () => {
    const product = await arrangeProduct();
    const paid = await createOrder({
      items: [{ productId: product.id, quantity: 2 }],
      email: `khach.${product.suffix}@example.vn`,
      paymentProviderId: providerId!,
    });
    await payByWebhook(paid.code, 50_000);
    // Settlement may finish just after the webhook's answer.
    await expect
      .poll(async () => (await readWebOrder(paid.code, paid.accessToken!)).status, {
        timeout: 20_000,
        interval: 500,
      })
      .toBe('completed');

    const page = await open();
    await openSignedIn(page, staff, `/admin/orders`);
    await page.getByTestId('orders-search').fill(paid.code);
    const row = page.getByTestId('orders-row').filter({ hasText: paid.code });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('completed');
    await row.getByRole('link', { name: `Mở đơn ${paid.code}` }).click();

    const detail = page.getByTestId('admin-order-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-status')).toBe('completed');
    const events = page.getByTestId('order-event');
    await events.first().waitFor();
    const types = await events.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-type')),
    );
    expect(types).toEqual(expect.arrayContaining(['created', 'payment_received', 'completed']));
    expect(await page.getByTestId('order-payment-row').getAttribute('data-source')).toBe('webhook');
    // Completed: no cancel, no payment; replacement and reveal are offered.
    const actions = (await page.getByTestId('order-actions').getAttribute('data-actions'))!.split(
      ' ',
    );
    expect(actions).not.toContain('cancel');
    expect(actions).toContain('replaceCodes');
  });

  it('lets staff cancel a pending order; its code returns to stock', async () => {
    const product = await arrangeProduct();
    const pending = await createOrder({
      items: [{ productId: product.id, quantity: 1 }],
      email: `khach2.${product.suffix}@example.vn`,
      paymentProviderId: providerId!,
    });
    expect((await readProduct(admin.accessToken, product.id)).stock).toMatchObject({
      available: 3,
      reserved: 1,
      sold: 0,
    });

    const page = await open();
    await openSignedIn(page, staff, `/admin/orders`);
    await page.getByTestId('orders-search').fill(pending.code);
    const row = page.getByTestId('orders-row').filter({ hasText: pending.code });
    await row.waitFor();
    await row.getByRole('link', { name: `Mở đơn ${pending.code}` }).click();
    const detail = page.getByTestId('admin-order-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-status')).toBe('pending_payment');

    await page.getByTestId('order-action-cancel').click();
    const form = page.getByTestId('cancel-order-dialog');
    await form.getByRole('textbox', { name: /^Lý do hủy/ }).fill('Khách đặt nhầm sản phẩm');
    // One dialog: its red 'Hủy đơn' cancels at once.
    await form.getByTestId('cancel-order-submit').click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Đã hủy đơn ${pending.code}` })
      .waitFor();
    await expect.poll(() => detail.getAttribute('data-status')).toBe('cancelled');

    expect((await readProduct(admin.accessToken, product.id)).stock).toMatchObject({
      available: 4,
      reserved: 0,
      sold: 0,
    });
  });
});
