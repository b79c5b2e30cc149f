import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBankProvider, deletePaymentProvider, findPaymentProvider, loginAsAdmin, uniqueSuffix } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { E2E, url } from './support/env';

const WEBHOOK_PATH = '/paymentprovider/api/web/v1/PaymentWebhook/SePay';
const SECTIONS = ['input', 'button', 'table', 'list', 'tree', 'panel', 'overlay', 'media', 'message', 'file', 'menu', 'charts', 'misc', 'timeline'];

/** Console errors and uncaught exceptions of a page, as they happen. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('style guide and staff guide', () => {
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

  it("shows this shop's own webhook URL, the one the provider screen gives, and where the secret goes", async () => {
    const admin = await loginAsAdmin();
    const name = `Hướng dẫn ${uniqueSuffix()}`;
    const providerId = await createBankProvider(admin.accessToken, { name, accountNumber: '0123456789', webhookSecret: 'guide-secret-0123456789' });
    try {
      await page.goto(url('/documentation'));
      const origin = await page.evaluate(() => window.location.origin);
      expect(origin).toBe(E2E.baseUrl);

      const template = page.getByTestId('guide-webhook-url');
      expect(await template.textContent()).toBe(`${origin}${WEBHOOK_PATH}/{providerId}`);

      const ours = page.getByTestId('guide-provider-webhook-url').filter({ hasText: providerId });
      expect(await ours.textContent()).toBe(`${origin}${WEBHOOK_PATH}/${providerId}`);
      // The same path the payment-provider screen shows an admin (whose host comes from the
      // server's PUBLIC_BASE_URL; the guide uses the address the staff member opened).
      const stored = await findPaymentProvider(admin.accessToken, name);
      expect(new URL(stored!.webhookUrl, origin).pathname).toBe(`${WEBHOOK_PATH}/${providerId}`);

      expect(await page.getByTestId('guide-webhook-header').textContent()).toContain('Authorization: Apikey');
    } finally {
      await deletePaymentProvider(admin.accessToken, providerId);
    }
  });

  it('links OpenAPI documents that the gateway serves', async () => {
    await page.goto(url('/documentation'));
    for (const service of ['identity', 'system', 'retailstore', 'paymentprovider']) {
      const href = await page.getByTestId(`openapi-${service}`).getAttribute('href');
      const response = await page.request.get(url(href!));
      expect(response.status(), href!).toBe(200);
      expect(((await response.json()) as { openapi?: string }).openapi, href!).toMatch(/^3\./);
    }
  });

  it('loads the index and every /uikit page in both themes without console errors', async () => {
    const errors = collectErrors(page);
    await page.goto(url('/uikit'));
    await page.getByTestId('uikit-index').waitFor();
    for (const mode of ['light', 'dark'] as const) {
      await page.getByTestId('uikit-color-mode').getByRole('button', { name: mode === 'dark' ? 'Tối' : 'Sáng' }).click();
      for (const section of SECTIONS) {
        await page.goto(url(`/uikit/${section}`));
        await page.getByTestId(`uikit-${section}`).waitFor();
        expect(await page.evaluate(() => document.documentElement.classList.contains('app-dark')), section).toBe(mode === 'dark');
      }
    }
    await page.goto(url('/uikit/charts'));
    await page.getByTestId('demo-chart').locator('svg').first().waitFor();
    expect(await page.getByTestId('sample-data-badge').textContent()).toBe('Dữ liệu mẫu');
    expect(errors).toEqual([]);
  });

  it('opens the form layout page and the templates for anyone, without a login', async () => {
    const errors = collectErrors(page);
    await page.goto(url('/admin/uikit/formlayout'));
    await page.getByTestId('uikit-formlayout').waitFor();
    await page.getByTestId('demo-password-form').getByRole('button', { name: 'Kiểm tra' }).click();
    await page.getByText('Nhập mật khẩu cũ').waitFor();

    await page.goto(url('/pages/empty'));
    await page.getByTestId('page-empty').waitFor();
    await page.goto(url('/pages/crud'));
    await page.getByTestId('products-row').first().waitFor();
    expect(await page.getByTestId('products-row').count()).toBe(8);
    expect(errors).toEqual([]);
  });
});
