import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createBankProvider,
  createProductWithCodes,
  deletePaymentProvider,
  loginAsAdmin,
  postSePayWebhook,
  removeProduct,
  uniqueSuffix,
  type LoginResult,
} from './support/api';
import { launchBrowser, newPage, openSignedIn } from './support/browser';
import { url } from './support/env';
import { mailsTo, orderLinkIn, type CaughtMail } from './support/mail';

/** Polls the mail catcher until `address` has received a mail whose subject matches. */
async function waitForMail(address: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return found!;
}

/**
 * The shop runs unattended: a shopper who pays and closes the tab gets the order link by
 * e-mail (never the codes), opens it on another device and sees the codes; staff see
 * which e-mails an order sent and can check the mail settings with a test e-mail. The
 * e-mails land in the mail catcher the e2e stack starts (maildev, E2E_MAIL_URL).
 */
describe('notifications', () => {
  const providerName = `E2E VCB thông báo ${uniqueSuffix()}`;
  const accountNumber = `7${Date.now().toString().slice(-11)}`;
  const webhookSecret = `e2e-webhook-${uniqueSuffix()}-0123456789`;
  let browser: Browser;
  let admin: LoginResult;
  let providerId: string | undefined;
  let made: string[] = [];
  let pages: Page[] = [];

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
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (providerId)
      await deletePaymentProvider(admin.accessToken, providerId).catch(() => undefined);
  });
  afterEach(async () => {
    for (const page of pages) await page.context().close();
    for (const id of made) await removeProduct(admin.accessToken, id).catch(() => undefined);
    made = [];
    pages = [];
  });

  it('e-mails the paid order link, which shows the codes in a fresh browser, and staff see what was sent', async () => {
    const suffix = uniqueSuffix();
    const name = `E2E Thẻ email ${suffix}`;
    const codes = [1, 2, 3].map((n) => `E2E-MAIL-${suffix}-${n}`);
    made.push(
      await createProductWithCodes(
        admin.accessToken,
        { name, price: 30_000, maxPerOrder: 3 },
        codes,
      ),
    );
    const email = `mail.${suffix}@example.vn`;

    // A shopper buys one code on a phone, through the storefront.
    const shopper = await open({ width: 390, height: 844 });
    await shopper.goto('/');
    await shopper.getByTestId('product-search').fill(name);
    await shopper
      .getByTestId('product-card')
      .filter({ hasText: name })
      .getByTestId('product-card-buy')
      .click();
    const dialog = shopper.getByTestId('buy-now-dialog');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
    await dialog.getByRole('radio', { name: providerName }).check();
    await dialog.getByTestId('buy-now-submit').click();
    await shopper.waitForURL(/\/order-detail\?code=DH[0-9A-Z]{8}#token=/);
    const orderCode = new URL(shopper.url()).searchParams.get('code')!;

    // "Order placed" carries the bank details and a link, straight away.
    const placed = await waitForMail(email, new RegExp(`${orderCode}.*thanh toán`));
    expect(placed.text).toContain(accountNumber);
    expect(placed.text).toContain('30.000');
    expect(orderLinkIn(placed)).not.toBeNull();

    // The shopper closes the tab; the bank reports the transfer (what `make pay` posts).
    await shopper.context().close();
    const delivery = await postSePayWebhook(providerId!, webhookSecret, {
      id: randomInt(1, 2 ** 47),
      accountNumber,
      amount: 30_000,
      content: `${orderCode} chuyen tien`,
    });
    expect(delivery.status).toBe(200);

    // "Codes ready": the link, never a code.
    const ready = await waitForMail(email, new RegExp(`${orderCode}.*mã đã sẵn sàng`));
    for (const code of codes) {
      expect(ready.text ?? '').not.toContain(code);
      expect(ready.html ?? '').not.toContain(code);
    }
    const link = orderLinkIn(ready);
    expect(link).not.toBeNull();
    expect(link).toContain(`code=${orderCode}`);

    // Opened on another device: a fresh context, no local storage, shows the code.
    const laptop = await open();
    await laptop.goto(link!);
    const shown = laptop.getByTestId('order-code');
    await expect.poll(() => shown.count(), { timeout: 20_000, interval: 500 }).toBe(1);
    expect(codes).toContain((await shown.first().textContent())?.trim());
    expect(await laptop.getByTestId('customer-order').getAttribute('data-status')).toBe(
      'completed',
    );
    // Exactly one "codes ready" e-mail, however the worker and the relay raced.
    expect(
      (await mailsTo(email)).filter((mail) => mail.subject.includes('mã đã sẵn sàng')),
    ).toHaveLength(1);

    // Staff: the order's page lists its e-mails as sent.
    const orders = await fetch(
      url(`/retailstore/api/admin/v1/Order/Pagination?keyword=${orderCode}`),
      {
        headers: { Authorization: `Bearer ${admin.accessToken}` },
      },
    );
    const [found] = ((await orders.json()) as { result: { items: { id: string }[] } }).result.items;
    expect(found).toBeDefined();
    const orderId = found.id;
    const staffPage = await open();
    await openSignedIn(staffPage, admin, `/admin/orders/${orderId}`);
    const section = staffPage.getByTestId('order-notifications');
    await section.waitFor();
    await expect
      .poll(
        async () =>
          (await section.getByTestId('order-notification-row').allTextContents()).join(' | '),
        {
          timeout: 20_000,
          interval: 1_000,
        },
      )
      .toMatch(/Mã đã sẵn sàng.*Đã gửi|Đã gửi.*Mã đã sẵn sàng/i);
  });

  it('sends a test e-mail from the settings screen', async () => {
    const page = await open();
    await openSignedIn(page, admin, '/admin/system/notifications');
    const to = `test.${uniqueSuffix()}@example.vn`;
    const form = page.getByTestId('notification-test-email');
    await form.getByRole('textbox', { name: 'Gửi tới' }).fill(to);
    await form.getByRole('button', { name: 'Gửi email thử' }).click();
    await page.getByText('Đã gửi thử').first().waitFor();
    const mail = await waitForMail(to, /Email thử/);
    expect(mail.to.map((address) => address.address)).toEqual([to]);
  });
});
