import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBankProvider,
  createProductWithCodes,
  deletePaymentProvider,
  loginAsAdmin,
  RETAILSTORE,
  readProduct,
  removeProduct,
  uniqueSuffix,
  type LoginResult,
} from './support/api';
import { url } from './support/env';
import { browserSession } from './support/hooks';

/**
 * The product page against the real stack: a shopper opens a product from the grid,
 * reads its description (Markdown, shown as text and lists, never as raw HTML), buys it
 * from the page with the grid's dialog, and an old link from before a rename still
 * leads to the product under its new address.
 */
describe('product page', () => {
  const ui = browserSession();
  const providerName = `E2E VCB trang ${uniqueSuffix()}`;
  let admin: LoginResult;
  let providerId: string | undefined;
  let productId: string | undefined;

  /** An admin edit through the API (the e2e helpers create products without a description). */
  async function updateProduct(body: Record<string, unknown>) {
    const response = await fetch(url(RETAILSTORE.productUpdate), {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${admin.accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; result: { slug: string } };
    expect(envelope.success).toBe(true);
    return envelope.result;
  }

  beforeAll(async () => {
    admin = await loginAsAdmin();
    providerId = await createBankProvider(admin.accessToken, {
      name: providerName,
      accountNumber: `9${Date.now().toString().slice(-11)}`,
      webhookSecret: `e2e-webhook-${uniqueSuffix()}-0123456789`,
    });
  });
  afterAll(async () => {
    if (productId) await removeProduct(admin.accessToken, productId).catch(() => undefined);
    if (providerId)
      await deletePaymentProvider(admin.accessToken, providerId).catch(() => undefined);
  });

  it('opens a product from the grid, shows its description and buys from the page', async () => {
    const suffix = uniqueSuffix();
    const name = `E2E Thẻ trang ${suffix}`;
    productId = await createProductWithCodes(
      admin.accessToken,
      { name, price: 30_000, maxPerOrder: 3 },
      [1, 2, 3].map((n) => `E2E-${suffix}-P-${n}`),
    );
    const { slug } = await updateProduct({
      id: productId,
      description: '## Cách dùng\n\n- Mở ứng dụng\n- Nhập **mã thẻ**\n\n<b>không phải HTML</b>',
    });
    const page = ui.page;

    await page.goto('/');
    await page.getByTestId('product-search').fill(name);
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await card.getByTestId('product-card-link').click();
    await page.waitForURL(`**/san-pham/${slug}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.title()).toBe(name);

    const description = page.getByTestId('product-page-description');
    await description.getByRole('heading', { name: 'Cách dùng' }).waitFor();
    expect(await description.getByRole('listitem').count()).toBe(2);
    expect(await description.locator('b').count()).toBe(0);
    expect(await description.textContent()).toContain('<b>không phải HTML</b>');
    expect(await page.getByTestId('product-page-limits').textContent()).toContain('từ 1 đến 3');

    await page.getByTestId('product-page-buy').click();
    const dialog = page.getByTestId('buy-now-dialog');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(`khach.${suffix}@example.vn`);
    await dialog.getByRole('radio', { name: providerName }).check();
    await dialog.getByTestId('buy-now-submit').click();
    await page.waitForURL(/\/order-detail\?code=DH[0-9A-Z]{8}#token=/);
    await page.locator('[data-testid="customer-order"][data-status="pending_payment"]').waitFor();
    expect((await readProduct(admin.accessToken, productId)).stock).toMatchObject({
      available: 2,
      reserved: 1,
    });

    // Renamed with a new slug: the old address still opens the product, under the new one.
    const renamed = await updateProduct({ id: productId, name: `${name} mới`, slug: null });
    expect(renamed.slug).not.toBe(slug);
    await page.goto(`/san-pham/${slug}`);
    await page.waitForURL(`**/san-pham/${renamed.slug}`);
    await page.getByRole('heading', { level: 1, name: `${name} mới` }).waitFor();

    await page.goto('/san-pham/khong-co-san-pham-nay');
    await page.getByTestId('product-not-found').waitFor();
  });
});
