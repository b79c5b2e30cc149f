import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBankProvider,
  createUser,
  deletePaymentProvider,
  deleteUser,
  findPaymentProvider,
  login,
  loginAsAdmin,
  postSePayWebhook,
  uniqueSuffix,
  uniqueUserName,
  type LoginResult,
} from './support/api';
import { openSignedIn, waitForInputValue } from './support/browser';
import { browserSession, removeAfterEach } from './support/hooks';

/** Vietcombank's BIN (NAPAS): the option is picked by it, whatever the list calls the bank. */
const VIETCOMBANK_BIN = '970436';

/**
 * Payment providers against the real stack: an admin creates a VietQR provider on
 * Vietcombank (with a webhook secret), sees one in the table, renames one (the secret
 * stays), deletes one; a staff user sees the table without the create, edit and delete
 * buttons; staff press "Gửi thử" and see the test delivery's outcome and the webhook's
 * last-call line change. Each test makes its own provider (unique name and account) and
 * removes it.
 */
describe('payment providers screen', () => {
  const ui = browserSession();
  let admin: LoginResult;
  /** Records a name this test makes; what is left of it is removed after the test. */
  const made = removeAfterEach(() => admin.accessToken, findPaymentProvider, deletePaymentProvider);

  /** A unique name and account number (4..19 digits) for one test. */
  function fresh(label: string) {
    const suffix = uniqueSuffix();
    const name = `E2E ${label} ${suffix}`;
    made(name);
    return {
      name,
      accountNumber: `9${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 1000)
        .toString()
        .padStart(3, '0')}`,
    };
  }

  /** A VietQR provider on Vietcombank made through the API, with its webhook on. */
  async function arrange(label: string) {
    const provider = fresh(label);
    const id = await createBankProvider(admin.accessToken, {
      ...provider,
      webhookSecret: `e2e-secret-${uniqueSuffix()}-0123456789`,
      sortOrder: 1000,
    });
    return { ...provider, id };
  }

  /** The screen, filtered to `name`, with exactly that row shown. */
  async function openFiltered(target: Page, name: string) {
    await target.getByRole('table', { name: 'Danh sách dịch vụ thanh toán' }).waitFor();
    await target.getByTestId('payment-providers-search').fill(name);
    const row = target.getByTestId('payment-providers-row').filter({ hasText: name });
    await row.waitFor();
    expect(await target.getByTestId('payment-providers-row').count()).toBe(1);
    return row;
  }

  beforeAll(async () => {
    admin = await loginAsAdmin();
  });

  it('creates a VietQR provider on Vietcombank', async () => {
    const { name, accountNumber } = fresh('VCB');
    const webhookSecret = `e2e-secret-${uniqueSuffix()}-0123456789`;
    await openSignedIn(ui.page, admin, '/admin/providers/payment');
    await ui.page.getByRole('table', { name: 'Danh sách dịch vụ thanh toán' }).waitFor();
    await ui.page.getByTestId('payment-provider-create-button').click();
    const dialog = ui.page.getByRole('dialog', { name: 'Thêm dịch vụ thanh toán' });
    await dialog.waitFor();

    await dialog.getByRole('textbox', { name: 'Tên hiển thị', exact: true }).fill(name);
    // VietQR is the default type.
    expect(
      (await dialog.getByRole('combobox', { name: 'Loại', exact: true }).textContent())?.trim(),
    ).toBe('Chuyển khoản VietQR');
    const bank = dialog.getByRole('combobox', { name: 'Ngân hàng', exact: true });
    await bank.click();
    await bank.fill(VIETCOMBANK_BIN);
    await ui.page
      .getByRole('option')
      .filter({ hasText: `(${VIETCOMBANK_BIN})` })
      .first()
      .click();
    await expect.poll(() => bank.inputValue()).toContain(`(${VIETCOMBANK_BIN})`);

    await dialog.getByRole('textbox', { name: 'Số tài khoản', exact: true }).fill(accountNumber);
    // Typed with accents, stored as the bank prints it.
    await dialog
      .getByRole('textbox', { name: 'Tên chủ tài khoản', exact: true })
      .pressSequentially('Nguyễn Văn Đức');
    await waitForInputValue(
      ui.page,
      '[data-testid="payment-provider-account-name-input"]',
      'NGUYEN VAN DUC',
    );
    await dialog.getByTestId('payment-provider-webhook-switch').click();
    await dialog.getByLabel('Khóa webhook (API Key)', { exact: true }).fill(webhookSecret);

    await dialog.getByTestId('payment-provider-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await ui.page
      .getByTestId('toast')
      .filter({ hasText: `Đã thêm dịch vụ thanh toán ${name}` })
      .waitFor();

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

  it('shows a provider in the table with its bank account, a configured webhook and its actions', async () => {
    const { name, accountNumber } = await arrange('VCB bảng');
    await openSignedIn(ui.page, admin, '/admin/providers/payment');
    const row = await openFiltered(ui.page, name);
    expect(await row.getAttribute('data-type')).toBe('vietqr_bank');
    expect((await row.getByTestId('payment-provider-type-chip').textContent())?.trim()).toBe(
      'Chuyển khoản VietQR',
    );
    expect(await row.getByTestId('payment-provider-bank').getAttribute('data-bin')).toBe(
      VIETCOMBANK_BIN,
    );
    expect((await row.getByTestId('payment-provider-account-number').textContent())?.trim()).toBe(
      accountNumber,
    );
    expect((await row.getByTestId('payment-provider-account-name').textContent())?.trim()).toBe(
      'NGUYEN VAN A',
    );
    expect((await row.getByTestId('payment-provider-active-chip').textContent())?.trim()).toBe(
      'Đang dùng',
    );
    expect(
      await row.getByTestId('payment-provider-webhook-status').getAttribute('data-status'),
    ).toBe('configured');
    expect((await row.getByTestId('payment-provider-webhook-status').textContent())?.trim()).toBe(
      'Đã cấu hình',
    );
    // An admin may change it: the staff test below checks these are gone for staff.
    expect(await row.getByTestId('payment-provider-edit-button').count()).toBe(1);
    expect(await row.getByTestId('payment-provider-delete-button').count()).toBe(1);
  });

  it('renames a provider; the webhook URL is shown and the stored secret stays', async () => {
    const { name, id } = await arrange('VCB sửa');
    const renamed = `${name} đổi tên`;
    made(renamed);
    await openSignedIn(ui.page, admin, '/admin/providers/payment');
    await openFiltered(ui.page, name);
    await ui.page.getByRole('button', { name: `Sửa ${name}`, exact: true }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('payment-provider-webhook-url').inputValue()).toContain(id);
    await dialog.getByText('Để trống để giữ nguyên', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Khóa webhook (API Key)', { exact: true }).inputValue()).toBe(
      '',
    );

    const nameField = dialog.getByRole('textbox', { name: 'Tên hiển thị', exact: true });
    await waitForInputValue(ui.page, '[data-testid="payment-provider-name-input"]', name);
    await nameField.fill(renamed);
    await dialog.getByTestId('payment-provider-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await ui.page
      .getByTestId('toast')
      .filter({ hasText: `Đã cập nhật dịch vụ thanh toán ${renamed}` })
      .waitFor();

    await openFiltered(ui.page, renamed);
    expect(await findPaymentProvider(admin.accessToken, renamed)).toMatchObject({
      id,
      bankBin: VIETCOMBANK_BIN,
      hasWebhookSecret: true,
    });
    expect(await findPaymentProvider(admin.accessToken, name)).toBeUndefined();
  });

  it('deletes a provider after confirmation', async () => {
    const { name } = await arrange('VCB xóa');
    await openSignedIn(ui.page, admin, '/admin/providers/payment');
    const row = await openFiltered(ui.page, name);
    await ui.page.getByRole('button', { name: `Xóa ${name}`, exact: true }).click();
    const confirm = ui.page.getByRole('dialog', { name: 'Xóa dịch vụ thanh toán' });
    await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
    await ui.page
      .getByTestId('toast')
      .filter({ hasText: `Đã xóa dịch vụ thanh toán ${name}` })
      .waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await findPaymentProvider(admin.accessToken, name)).toBeUndefined();
  });

  it('shows staff the table read-only, without the create, edit and delete buttons', async () => {
    const { name, accountNumber } = await arrange('VCB nhân viên');
    const userName = uniqueUserName('e2e_pp');
    const password = 'E2e@pass123';
    const staff = await createUser(admin.accessToken, {
      userName,
      fullName: 'Nhân viên E2E',
      password,
      role: 'staff',
    });
    try {
      await openSignedIn(ui.page, await login(userName, password), '/admin/providers/payment');
      // The row this test made is there, so the missing buttons are not an empty table.
      const row = await openFiltered(ui.page, name);
      expect((await row.getByTestId('payment-provider-account-number').textContent())?.trim()).toBe(
        accountNumber,
      );
      await ui.page.getByTestId('payment-providers-read-only').waitFor();
      expect(await ui.page.getByTestId('payment-provider-create-button').count()).toBe(0);
      expect(await row.getByTestId('payment-provider-edit-button').count()).toBe(0);
      expect(await row.getByTestId('payment-provider-delete-button').count()).toBe(0);
    } finally {
      await deleteUser(admin.accessToken, staff.id);
    }
  });

  it('lets staff send a test delivery: its outcome is told and the last-call line updates', async () => {
    const { name, accountNumber, id } = await arrange('VCB gửi thử');
    // SePay calling with a wrong key: refused, and the line says why.
    const refused = await postSePayWebhook(id, 'wrong-e2e-key-0123456789', {
      id: Date.now(),
      accountNumber,
      amount: 10_000,
      content: 'e2e sai khoa',
    });
    expect(refused.status).toBe(401);
    const userName = uniqueUserName('e2e_pp');
    const password = 'E2e@pass123';
    const staff = await createUser(admin.accessToken, {
      userName,
      fullName: 'Nhân viên E2E',
      password,
      role: 'staff',
    });
    try {
      await openSignedIn(ui.page, await login(userName, password), '/admin/providers/payment');
      const row = await openFiltered(ui.page, name);
      const line = row.getByTestId('payment-provider-last-webhook');
      expect(await line.getAttribute('data-outcome')).toBe('wrong_key');
      expect((await line.textContent())?.trim()).toMatch(
        /^Lần gọi gần nhất: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} — Sai API Key$/,
      );

      await row.getByRole('button', { name: `Gửi thử webhook của ${name}`, exact: true }).click();
      const toast = ui.page
        .getByTestId('toast')
        .filter({ hasText: `Gửi thử tới webhook của ${name} thành công` });
      await toast.waitFor();
      expect(await toast.textContent()).toContain('không tính là tiền');
      await expect.poll(() => line.getAttribute('data-outcome'), { timeout: 10_000 }).toBe('test');
      expect((await line.textContent())?.trim()).toMatch(/— Gửi thử thành công$/);
      // The API tells the same (the Rust tests check it is never stored as money).
      expect(await findPaymentProvider(admin.accessToken, name)).toMatchObject({
        id,
        lastWebhook: { outcome: 'test' },
      });
    } finally {
      await deleteUser(admin.accessToken, staff.id);
    }
  });
});
