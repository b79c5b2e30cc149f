import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBankProvider,
  createProductWithCodes,
  deletePaymentProvider,
  loginAsAdmin,
  RETAILSTORE,
  removeProduct,
  uniqueSuffix,
  type LoginResult,
} from './support/api';
import { url } from './support/env';
import { browserSession } from './support/hooks';

/** A common phone. */
const PHONE = { width: 390, height: 844 };

/**
 * What a search engine or a chat app's link preview reads, and what that buys a shopper
 * on a phone: the product page's HTML names the product, its price and its schema.org
 * Product without any script, and the page paints from that HTML (its data is in it)
 * before the API answers; from the home page to the product, its description, and an
 * order from there.
 */
describe('page metadata on a phone', () => {
  const ui = browserSession(PHONE);
  const suffix = uniqueSuffix();
  const name = `E2E Thẻ SEO ${suffix}`;
  const providerName = `E2E VCB seo ${suffix}`;
  let admin: LoginResult;
  let providerId: string | undefined;
  let productId: string | undefined;
  let slug: string;

  beforeAll(async () => {
    admin = await loginAsAdmin();
    providerId = await createBankProvider(admin.accessToken, {
      name: providerName,
      accountNumber: `8${Date.now().toString().slice(-11)}`,
      webhookSecret: `e2e-webhook-${uniqueSuffix()}-0123456789`,
    });
    productId = await createProductWithCodes(
      admin.accessToken,
      { name, price: 45_000, maxPerOrder: 2 },
      [1, 2].map((n) => `E2E-${suffix}-SEO-${n}`),
    );
    const response = await fetch(url(RETAILSTORE.productUpdate), {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${admin.accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        id: productId,
        summary: 'Nạp ví nhanh, nhận mã ngay',
        description: '## Cách dùng\n\n- Mở ứng dụng\n- Nhập mã',
      }),
    });
    const envelope = (await response.json()) as { success: boolean; result: { slug: string } };
    expect(envelope.success).toBe(true);
    slug = envelope.result.slug;
  });
  afterAll(async () => {
    if (productId) await removeProduct(admin.accessToken, productId).catch(() => undefined);
    if (providerId)
      await deletePaymentProvider(admin.accessToken, providerId).catch(() => undefined);
  });

  it('serves the product in the HTML, paints from it, and sells from the page', async () => {
    const page = ui.page;

    // Without JavaScript: the name, the price and the schema.org Product are in the HTML.
    const html = await (await page.request.get(`/san-pham/${slug}`)).text();
    expect(html).toContain(`<title>${name}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${name}" />`);
    expect(html).toContain('<meta property="product:price:amount" content="45000" />');
    expect(html).toContain('<meta name="description" content="Nạp ví nhanh, nhận mã ngay" />');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(ld).not.toBeNull();
    const product = JSON.parse(ld![1]) as {
      '@type': string;
      name: string;
      offers: { price: number; priceCurrency: string; availability: string };
    };
    expect(product).toMatchObject({
      '@type': 'Product',
      name,
      offers: { price: 45_000, priceCurrency: 'VND', availability: 'https://schema.org/InStock' },
    });
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`/san-pham/${slug}</loc>`);

    // Opened directly, the product paints while its API call is still held back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let refreshed = false;
    await page.route('**/retailstore/api/web/v1/Product/BySlug**', async (route) => {
      await held;
      refreshed = true;
      // The page may have moved on meanwhile: the held request is then gone.
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/san-pham/${slug}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(refreshed).toBe(false);
    release();
    // The data from the HTML is refreshed once in the background.
    await expect.poll(() => refreshed).toBe(true);
    await page.unrouteAll({ behavior: 'wait' });

    // From the home page to the product, its description, and an order from there.
    await page.goto(`/?keyword=${encodeURIComponent(name)}`);
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await card.getByTestId('product-card-link').click();
    await page.waitForURL(`**/san-pham/${slug}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const description = page.getByTestId('product-page-description');
    await description.getByRole('heading', { name: 'Cách dùng' }).waitFor();
    expect(await description.getByRole('listitem').count()).toBe(2);

    await page.getByTestId('product-page-buy').click();
    const dialog = page.getByTestId('buy-now-dialog');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(`khach.seo.${suffix}@example.vn`);
    await dialog.getByRole('radio', { name: providerName }).check();
    await dialog.getByTestId('buy-now-submit').click();
    await page.waitForURL(/\/order-detail\?code=DH[0-9A-Z]{8}#token=/);
    await page.locator('[data-testid="customer-order"][data-status="pending_payment"]').waitFor();
  });
});
