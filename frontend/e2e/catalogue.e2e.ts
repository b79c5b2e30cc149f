import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createProductWithCodes,
  findProduct,
  loginAsAdmin,
  readConfiguration,
  readProduct,
  removeProduct,
  uniqueSuffix,
  updateConfiguration,
  uploadImage,
  type LoginResult,
} from './support/api';
import { openSignedIn, waitForInputValue, waitForPath } from './support/browser';
import { url } from './support/env';
import { browserSession, removeAfterEach } from './support/hooks';

/** A 1x1 PNG, built in the test: the server checks uploads by content. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The catalogue against the real stack: an admin creates an active product with an image,
 * imports five codes by pasting them, sees the stock, finds the product on the storefront,
 * and renames the shop (restored afterwards). Each test makes its own product (a unique
 * name) through the API, so one failure does not take the next test down with it.
 */
describe('catalogue', () => {
  const ui = browserSession();
  let admin: LoginResult;
  /** Records a name this test makes; what is left of it is removed after the test. */
  const made = removeAfterEach(() => admin.accessToken, findProduct, removeProduct);
  let originalShopName: string;

  function fresh() {
    const suffix = uniqueSuffix();
    const name = `E2E Sản phẩm ${suffix}`;
    made(name);
    return {
      name,
      codes: Array.from({ length: 5 }, (_, i) => `E2E-${suffix}-${i + 1}`.toUpperCase()),
    };
  }

  beforeAll(async () => {
    admin = await loginAsAdmin();
    originalShopName = (await readConfiguration(admin.accessToken)).shopName;
  });
  afterAll(async () => {
    // The last test restores the name through the UI; this only tidies up after a failure.
    const current = await readConfiguration(admin.accessToken).catch(() => undefined);
    if (current && current.shopName !== originalShopName) {
      await updateConfiguration(admin.accessToken, { shopName: originalShopName });
    }
  });

  it('creates an active product with an uploaded image', async () => {
    const { name: productName } = fresh();
    await openSignedIn(ui.page, admin, '/admin/products');
    await ui.page.getByTestId('product-create-button').click();
    const dialog = ui.page.getByRole('dialog', { name: 'Thêm sản phẩm' });
    await dialog.waitFor();

    await dialog.getByRole('textbox', { name: 'Tên sản phẩm', exact: true }).fill(productName);
    await dialog.getByRole('textbox', { name: 'Giá bán (VND)', exact: true }).fill('50000');
    await dialog
      .getByRole('textbox', { name: 'Giá gốc (VND, không bắt buộc)', exact: true })
      .fill('60000');
    await dialog.getByRole('textbox', { name: 'Ngưỡng sắp hết hàng', exact: true }).fill('2');
    await dialog.getByRole('combobox', { name: 'Trạng thái', exact: true }).click();
    await ui.page.getByRole('option', { name: 'Đang bán', exact: true }).click();

    await dialog.getByTestId('product-image-input').setInputFiles({
      name: 'e2e.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    // Uploaded: the preview now shows the server's copy.
    await dialog.locator('[data-testid="product-image-preview"][src^="/uploads/"]').waitFor();

    await dialog.getByRole('button', { name: 'Lưu', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ui.page
      .getByTestId('toast')
      .filter({ hasText: `Đã thêm sản phẩm ${productName}` })
      .waitFor();

    const product = await findProduct(admin.accessToken, productName);
    expect(product).toMatchObject({
      name: productName,
      price: 50000,
      status: 'active',
      lowStockThreshold: 2,
    });
    expect(product?.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  });

  it('imports five pasted codes for a product', async () => {
    const { name: productName, codes } = fresh();
    const product = await createProduct(admin.accessToken, { name: productName, price: 50000 });
    await openSignedIn(ui.page, admin, '/admin/products');
    await ui.page.getByTestId('products-search').fill(productName);
    const row = ui.page.getByTestId('products-row').filter({ hasText: productName });
    await row.getByRole('link', { name: `Mã serial ${productName}` }).click();
    await waitForPath(ui.page, '/admin/products/serial-codes', `?productId=${product.id}`);
    await waitForInputValue(
      ui.page,
      '[data-testid="serial-codes-product-filter"] input',
      productName,
    );

    await ui.page.getByTestId('serial-codes-import-button').click();
    const dialog = ui.page.getByRole('dialog', { name: 'Nhập mã serial' });
    await dialog.waitFor();
    await waitForInputValue(ui.page, '[data-testid="import-product"] input', productName);
    await dialog.getByTestId('import-codes-text').fill(`${codes.join('\n')}\n`);
    await dialog.locator('[data-testid="import-preview"][data-count="5"]').waitFor();
    await dialog.getByTestId('import-submit').click();

    const result = ui.page.getByTestId('import-result');
    await result.waitFor();
    expect(await result.getByTestId('import-result-inserted').getAttribute('data-count')).toBe('5');
    expect(await result.getByTestId('import-result-duplicates').count()).toBe(0);
    expect(await result.getByTestId('import-result-invalid').count()).toBe(0);
    await ui.page.getByTestId('import-close').click();
    await dialog.waitFor({ state: 'hidden' });

    await ui.page.getByTestId('serial-codes-row').nth(4).waitFor();
    expect(await ui.page.getByTestId('serial-codes-row').count()).toBe(5);
    expect(
      await ui.page.locator('[data-testid="serial-codes-row"][data-status="available"]').count(),
    ).toBe(5);
    expect((await readProduct(admin.accessToken, product.id)).stock).toMatchObject({
      available: 5,
      reserved: 0,
      sold: 0,
    });
  });

  it('shows five available codes in a product’s stock', async () => {
    const { name: productName, codes } = fresh();
    await createProductWithCodes(admin.accessToken, { name: productName, price: 50000 }, codes);
    await openSignedIn(ui.page, admin, '/admin/products');
    await ui.page.getByTestId('products-search').fill(productName);
    const row = ui.page.getByTestId('products-row').filter({ hasText: productName });
    await row.locator('[data-testid="product-stock"][data-available="5"]').waitFor();
    expect((await row.getByTestId('product-stock-available').textContent())?.trim()).toBe('5');
    expect((await row.getByTestId('product-stock-sold').textContent())?.trim()).toBe('0');
  });

  it('shows an active product with codes on the storefront, in stock, with its image', async () => {
    const { name: productName, codes } = fresh();
    const imageUrl = await uploadImage(admin.accessToken, {
      name: 'e2e.png',
      type: 'image/png',
      bytes: Buffer.from(PNG_1X1, 'base64'),
    });
    // Five codes over a threshold of 2: in stock, not low.
    await createProductWithCodes(
      admin.accessToken,
      { name: productName, price: 50000, imageUrl, lowStockThreshold: 2 },
      codes,
    );
    await ui.page.goto(url('/'));
    await ui.page.getByTestId('product-search').fill(productName);
    const card = ui.page.getByTestId('product-card').filter({ hasText: productName });
    await card.waitFor();
    expect(await card.getAttribute('data-stock-level')).toBe('in_stock');
    await card.getByText('Còn hàng', { exact: true }).waitFor();
    expect(await card.getByRole('img', { name: productName }).getAttribute('src')).toBe(imageUrl);
    // In stock: the only action on the card is buying it.
    const buy = card.getByRole('button');
    expect(await buy.count()).toBe(1);
    expect(await buy.getAttribute('aria-label')).toBe(`Mua ngay ${productName}`);
    expect(await buy.isEnabled()).toBe(true);
  });

  it('renames the shop and shows the new name in the storefront topbar, then restores it', async () => {
    const shopName = `E2E Shop ${uniqueSuffix()}`;
    const rename = async (name: string) => {
      await openSignedIn(ui.page, admin, '/admin/system/configuration');
      await ui.page.getByTestId('configuration-form').waitFor();
      const field = ui.page.getByTestId('configuration-shop-name');
      await waitForInputValue(
        ui.page,
        '[data-testid="configuration-shop-name"]',
        (await readConfiguration(admin.accessToken)).shopName,
      );
      await field.fill(name);
      await ui.page.getByTestId('configuration-save').click();
      await ui.page.getByTestId('toast').filter({ hasText: 'Đã lưu cấu hình cửa hàng' }).waitFor();
    };

    await rename(shopName);
    await ui.page.goto(url('/'));
    await ui.page.getByTestId('shop-name').filter({ hasText: shopName }).waitFor();
    expect((await ui.page.getByTestId('shop-name').textContent())?.trim()).toBe(shopName);

    await rename(originalShopName);
    expect((await readConfiguration(admin.accessToken)).shopName).toBe(originalShopName);
    await ui.page.goto(url('/'));
    await ui.page.getByTestId('shop-name').filter({ hasText: originalShopName }).waitFor();
  });
});
