import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderDetail,
  createBankProvider,
  createOrder,
  createProductWithCodes,
  deletePaymentProvider,
  loginAsAdmin,
  postSePayWebhook,
  removeProduct,
  uniqueSuffix,
  type LoginResult,
} from './support/api';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

/**
 * Money staff can see, on a laptop: a transfer whose memo names no order (the shopper
 * mistyped one character of the code) shows up as a badge on the menu and a card on the
 * dashboard; the Assign dialog suggests the order of the same amount, previews it, and
 * completing the Assign pays that order, which then says who assigned the money and
 * shows the bank's own reference.
 */
describe('unmatched transfers and Assign suggestions', () => {
  const suffix = uniqueSuffix();
  const providerName = `E2E VCB gán ${suffix}`;
  const accountNumber = `7${Date.now().toString().slice(-11)}`;
  const webhookSecret = `e2e-assign-${suffix}-0123456789`;
  // An amount no other test's order is likely to have, so the suggestion is ours.
  const price = randomInt(101, 999) * 1_000 + 500;

  let browser: Browser;
  let admin: LoginResult;
  let providerId: string | undefined;
  let productId: string | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    admin = await loginAsAdmin();
    providerId = await createBankProvider(admin.accessToken, {
      name: providerName,
      accountNumber,
      webhookSecret,
    });
    productId = await createProductWithCodes(
      admin.accessToken,
      { name: `E2E Thẻ gán ${suffix}`, price, maxPerOrder: 2 },
      [`E2E-${suffix}-ASSIGN-1`, `E2E-${suffix}-ASSIGN-2`],
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (productId) await removeProduct(admin.accessToken, productId).catch(() => undefined);
    if (providerId)
      await deletePaymentProvider(admin.accessToken, providerId).catch(() => undefined);
  });
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  it('badges the unmatched transfer and Assign completes the suggested order', async () => {
    const order = await createOrder({
      items: [{ productId: productId!, quantity: 1 }],
      email: `khach.gan.${suffix}@example.vn`,
      paymentProviderId: providerId!,
    });
    expect(order.status).toBe('pending_payment');
    // One character of the code mistyped: no order has it, so the transfer waits for staff.
    const last = order.code.slice(-1);
    const typo = `${order.code.slice(0, -1)}${last === 'Z' ? 'Y' : 'Z'}`;
    const bankId = randomInt(1, 2 ** 47);
    const memo = `CK ${typo} mua the ${suffix}`;
    const delivery = await postSePayWebhook(providerId!, webhookSecret, {
      id: bankId,
      accountNumber,
      amount: price,
      content: memo,
    });
    expect(delivery.status).toBe(200);

    page = await newPage(browser, { width: 1366, height: 768 });
    await openSignedIn(page, admin, '/admin');
    const badge = page.getByTestId('admin-menu').getByTestId('menu-unmatched-badge');
    await badge.waitFor();
    expect(Number((await badge.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    const card = page.getByTestId('dashboard-unmatched-transfers');
    await card.getByTestId('dashboard-unmatched-count').filter({ hasText: /[1-9]/ }).waitFor();

    await page
      .getByTestId('admin-menu')
      .getByRole('link', { name: /Giao dịch nhận được/ })
      .click();
    await page.waitForURL(/\/admin\/providers\/transactions\?status=unmatched/);
    await page.getByRole('button', { name: new RegExp(`^Gán giao dịch .*${suffix}`) }).click();

    const dialog = page.getByTestId('assign-transaction-dialog');
    const suggestion = dialog.locator(
      `[data-testid="assign-candidate"][data-code="${order.code}"]`,
    );
    await suggestion.waitFor();
    await suggestion.click();
    const preview = dialog.getByTestId('assign-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toContain('Chờ thanh toán');
    expect(await preview.textContent()).toContain(`kh***@example.vn`);
    expect(await dialog.getByRole('textbox', { name: /Mã đơn hàng/ }).inputValue()).toBe(
      order.code,
    );
    await dialog.getByTestId('assign-transaction-submit').click();
    const confirmDialog = page.getByRole('dialog', { name: 'Gán giao dịch', exact: true });
    await confirmDialog.waitFor();
    const assigned = page.waitForResponse((response) =>
      response.url().includes('/PaymentTransaction/Assign'),
    );
    await confirmDialog.getByRole('button', { name: 'Gán vào đơn' }).click();
    const answer = await assigned;
    expect(answer.status(), await answer.text()).toBe(200);
    await page
      .getByTestId('toast')
      .filter({ hasText: `vào đơn ${order.code}` })
      .waitFor();

    // The order page says who assigned the money, when, and the bank's reference.
    await page.goto('/admin/orders');
    await page.getByTestId('orders-search').fill(order.code);
    await page
      .getByTestId('orders-row')
      .filter({ hasText: order.code })
      .getByRole('link', { name: `Mở đơn ${order.code}` })
      .click();
    const shown = page.getByTestId('admin-order-detail');
    await expect.poll(() => shown.getAttribute('data-status')).toBe('completed');
    const row = page.getByTestId('order-payments').getByTestId('order-payment-row');
    await row.filter({ hasText: 'Chuyển khoản (nhân viên gán)' }).waitFor();
    expect(await row.textContent()).toContain(`sepay:${bankId}`);
    expect(await row.textContent()).toContain(admin.user.userName);
    expect(await row.textContent()).toContain('Gán lúc');

    const id = new URL(page.url()).pathname.split('/').pop()!;
    const detail = (await adminOrderDetail(admin.accessToken, id)) as unknown as {
      status: string;
      payments: { transactionId: string; actor: string | null }[];
    };
    expect(detail.status).toBe('completed');
    expect(detail.payments).toEqual([
      expect.objectContaining({ transactionId: `sepay:${bankId}`, actor: admin.user.userName }),
    ]);
  });
});
