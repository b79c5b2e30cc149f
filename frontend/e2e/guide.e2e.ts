import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createBankProvider,
  deletePaymentProvider,
  findPaymentProvider,
  loginAsAdmin,
  uniqueSuffix,
} from './support/api';
import { E2E, url } from './support/env';
import { browserSession } from './support/hooks';

const WEBHOOK_PATH = '/paymentprovider/api/web/v1/PaymentWebhook/SePay';
const SECTIONS = [
  'input',
  'button',
  'table',
  'list',
  'tree',
  'panel',
  'overlay',
  'media',
  'message',
  'file',
  'menu',
  'charts',
  'misc',
  'timeline',
];

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
  const ui = browserSession();

  it("shows this shop's own webhook URL, the one the provider screen gives, and where the secret goes", async () => {
    const admin = await loginAsAdmin();
    const name = `Hướng dẫn ${uniqueSuffix()}`;
    const providerId = await createBankProvider(admin.accessToken, {
      name,
      accountNumber: '0123456789',
      webhookSecret: 'guide-secret-0123456789',
    });
    try {
      await ui.page.goto(url('/documentation'));
      const origin = await ui.page.evaluate(() => window.location.origin);
      expect(origin).toBe(E2E.baseUrl);

      const template = ui.page.getByTestId('guide-webhook-url');
      expect(await template.textContent()).toBe(`${origin}${WEBHOOK_PATH}/{providerId}`);

      const ours = ui.page
        .getByTestId('guide-provider-webhook-url')
        .filter({ hasText: providerId });
      expect(await ours.textContent()).toBe(`${origin}${WEBHOOK_PATH}/${providerId}`);
      // The same path the payment-provider screen shows an admin (whose host comes from the
      // server's PUBLIC_BASE_URL; the guide uses the address the staff member opened).
      const stored = await findPaymentProvider(admin.accessToken, name);
      expect(new URL(stored!.webhookUrl, origin).pathname).toBe(`${WEBHOOK_PATH}/${providerId}`);

      expect(await ui.page.getByTestId('guide-webhook-header').textContent()).toContain(
        'Authorization: Apikey',
      );
    } finally {
      await deletePaymentProvider(admin.accessToken, providerId);
    }
  });

  it('links OpenAPI documents that the gateway serves', async () => {
    await ui.page.goto(url('/documentation'));
    for (const service of ['identity', 'system', 'retailstore', 'paymentprovider']) {
      const href = await ui.page.getByTestId(`openapi-${service}`).getAttribute('href');
      const response = await ui.page.request.get(url(href!));
      expect(response.status(), href!).toBe(200);
      expect(((await response.json()) as { openapi?: string }).openapi, href!).toMatch(/^3\./);
    }
  });

  it('loads the index and every /uikit page in both themes without console errors', async () => {
    const errors = collectErrors(ui.page);
    await ui.page.goto(url('/uikit'));
    await ui.page.getByTestId('uikit-index').waitFor();
    for (const mode of ['light', 'dark'] as const) {
      await ui.page
        .getByTestId('uikit-color-mode')
        .getByRole('button', { name: mode === 'dark' ? 'Tối' : 'Sáng' })
        .click();
      for (const section of SECTIONS) {
        await ui.page.goto(url(`/uikit/${section}`));
        await ui.page.getByTestId(`uikit-${section}`).waitFor();
        expect(
          await ui.page.evaluate(() => document.documentElement.classList.contains('app-dark')),
          section,
        ).toBe(mode === 'dark');
      }
    }
    await ui.page.goto(url('/uikit/charts'));
    await ui.page.getByTestId('demo-chart').locator('svg').first().waitFor();
    expect(await ui.page.getByTestId('sample-data-badge').textContent()).toBe('Dữ liệu mẫu');
    expect(errors).toEqual([]);
  });

  it('opens the form layout page and the templates for anyone, without a login', async () => {
    const errors = collectErrors(ui.page);
    await ui.page.goto(url('/admin/uikit/formlayout'));
    await ui.page.getByTestId('uikit-formlayout').waitFor();
    await ui.page
      .getByTestId('demo-password-form')
      .getByRole('button', { name: 'Kiểm tra' })
      .click();
    await ui.page.getByText('Nhập mật khẩu cũ').waitFor();

    await ui.page.goto(url('/pages/empty'));
    await ui.page.getByTestId('page-empty').waitFor();
    await ui.page.goto(url('/pages/crud'));
    await ui.page.getByTestId('products-row').first().waitFor();
    expect(await ui.page.getByTestId('products-row').count()).toBe(8);
    expect(errors).toEqual([]);
  });
});
