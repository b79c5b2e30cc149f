import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  deletePaymentProvider,
  deleteUser,
  findPaymentProvider,
  login,
  loginAsAdmin,
  uniqueSuffix,
  uniqueUserName,
  type LoginResult,
} from './support/api';
import { launchBrowser, newPage, openSignedIn, waitForInputValue } from './support/browser';

/** Vietcombank's BIN (NAPAS): the option is picked by it, whatever the list calls the bank. */
const VIETCOMBANK_BIN = '970436';

/**
 * Payment providers against the real stack: an admin creates a VietQR provider on
 * Vietcombank (with a webhook secret), sees it in the table, renames it (the secret stays),
 * deletes it; a staff user sees the table without the create button.
 */
describe('payment providers screen', () => {
  const suffix = uniqueSuffix();
  const name = `E2E VCB ${suffix}`;
  const renamed = `E2E VCB đổi tên ${suffix}`;
  // 4..19 digits, unique enough per run.
  const accountNumber = `9${Date.now().toString().slice(-11)}`;
  const webhookSecret = `e2e-secret-${suffix}-0123456789`;

  let browser: Browser;
  let page: Page;
  let admin: LoginResult;

  beforeAll(async () => {
    admin = await loginAsAdmin();
    browser = await launchBrowser();
    page = await newPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    // The UI deletes it in a later test; this only tidies up after a failure.
    for (const candidate of [name, renamed]) {
      const leftover = await findPaymentProvider(admin.accessToken, candidate).catch(() => undefined);
      if (leftover) await deletePaymentProvider(admin.accessToken, leftover.id);
    }
  });

  it('creates a VietQR provider on Vietcombank', async () => {
    await openSignedIn(page, admin, '/admin/providers/payment');
    await page.getByRole('table', { name: 'Danh sách dịch vụ thanh toán' }).waitFor();
    await page.getByTestId('payment-provider-create-button').click();
    const dialog = page.getByRole('dialog', { name: 'Thêm dịch vụ thanh toán' });
    await dialog.waitFor();

    await dialog.getByRole('textbox', { name: 'Tên hiển thị', exact: true }).fill(name);
    // VietQR is the default type.
    expect((await dialog.getByRole('combobox', { name: 'Loại', exact: true }).textContent())?.trim()).toBe('Chuyển khoản VietQR');
    const bank = dialog.getByRole('combobox', { name: 'Ngân hàng', exact: true });
    await bank.click();
    await bank.fill(VIETCOMBANK_BIN);
    await page.getByRole('option').filter({ hasText: `(${VIETCOMBANK_BIN})` }).first().click();
    await expect.poll(() => bank.inputValue()).toContain(`(${VIETCOMBANK_BIN})`);

    await dialog.getByRole('textbox', { name: 'Số tài khoản', exact: true }).fill(accountNumber);
    // Typed with accents, stored as the bank prints it.
    await dialog.getByRole('textbox', { name: 'Tên chủ tài khoản', exact: true }).pressSequentially('Nguyễn Văn Đức');
    await waitForInputValue(page, '[data-testid="payment-provider-account-name-input"]', 'NGUYEN VAN DUC');
    await dialog.getByTestId('payment-provider-webhook-switch').click();
    await dialog.getByLabel('Khóa webhook (API Key)', { exact: true }).fill(webhookSecret);

    await dialog.getByTestId('payment-provider-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toast').filter({ hasText: `Đã thêm dịch vụ thanh toán ${name}` }).waitFor();

    expect(await findPaymentProvider(admin.accessToken, name)).toMatchObject({
      name,
      type: 'vietqr_bank',
      bankBin: VIETCOMBANK_BIN,
      accountNumber,
      accountName: 'NGUYEN VAN DUC',
      isActive: true,
      webhookEnabled: true,
      hasWebhookSecret: true,
    });
  });

  it('shows it in the table with its bank account and a configured webhook', async () => {
    await page.getByTestId('payment-providers-search').fill(name);
    const row = page.getByTestId('payment-providers-row').filter({ hasText: name });
    await row.waitFor();
    expect(await page.getByTestId('payment-providers-row').count()).toBe(1);
    expect(await row.getAttribute('data-type')).toBe('vietqr_bank');
    expect((await row.getByTestId('payment-provider-type-chip').textContent())?.trim()).toBe('Chuyển khoản VietQR');
    expect(await row.getByTestId('payment-provider-bank').getAttribute('data-bin')).toBe(VIETCOMBANK_BIN);
    expect((await row.getByTestId('payment-provider-account-number').textContent())?.trim()).toBe(accountNumber);
    expect((await row.getByTestId('payment-provider-account-name').textContent())?.trim()).toBe('NGUYEN VAN DUC');
    expect((await row.getByTestId('payment-provider-active-chip').textContent())?.trim()).toBe('Đang dùng');
    expect(await row.getByTestId('payment-provider-webhook-status').getAttribute('data-status')).toBe('configured');
    expect((await row.getByTestId('payment-provider-webhook-status').textContent())?.trim()).toBe('Đã cấu hình');
  });

  it('renames it; the webhook URL is shown and the stored secret stays', async () => {
    const created = await findPaymentProvider(admin.accessToken, name);
    await page.getByRole('button', { name: `Sửa ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('payment-provider-webhook-url').inputValue()).toContain(created!.id);
    await dialog.getByText('Để trống để giữ nguyên', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Khóa webhook (API Key)', { exact: true }).inputValue()).toBe('');

    const nameField = dialog.getByRole('textbox', { name: 'Tên hiển thị', exact: true });
    await waitForInputValue(page, '[data-testid="payment-provider-name-input"]', name);
    await nameField.fill(renamed);
    await dialog.getByTestId('payment-provider-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toast').filter({ hasText: `Đã cập nhật dịch vụ thanh toán ${renamed}` }).waitFor();

    await page.getByTestId('payment-providers-search').fill(renamed);
    await page.getByTestId('payment-providers-row').filter({ hasText: renamed }).waitFor();
    expect(await findPaymentProvider(admin.accessToken, renamed)).toMatchObject({
      id: created!.id,
      bankBin: VIETCOMBANK_BIN,
      hasWebhookSecret: true,
    });
  });

  it('deletes it after confirmation', async () => {
    await page.getByRole('button', { name: `Xóa ${renamed}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Xóa dịch vụ thanh toán' });
    await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: `Đã xóa dịch vụ thanh toán ${renamed}` }).waitFor();
    await page.getByTestId('payment-providers-row').filter({ hasText: renamed }).waitFor({ state: 'detached' });
    expect(await findPaymentProvider(admin.accessToken, renamed)).toBeUndefined();
  });

  it('shows staff the table read-only, without the create button', async () => {
    const userName = uniqueUserName('e2e_pp');
    const password = 'E2e@pass123';
    const staff = await createUser(admin.accessToken, { userName, fullName: 'Nhân viên E2E', password, role: 'staff' });
    try {
      const session = await login(userName, password);
      const staffPage = await newPage(browser);
      await openSignedIn(staffPage, session, '/admin/providers/payment');
      await staffPage.getByRole('table', { name: 'Danh sách dịch vụ thanh toán' }).waitFor();
      await staffPage.getByTestId('payment-providers-read-only').waitFor();
      expect(await staffPage.getByTestId('payment-provider-create-button').count()).toBe(0);
      expect(await staffPage.getByTestId('payment-provider-edit-button').count()).toBe(0);
      expect(await staffPage.getByTestId('payment-provider-delete-button').count()).toBe(0);
      await staffPage.context().close();
    } finally {
      await deleteUser(admin.accessToken, staff.id);
    }
  });
});
