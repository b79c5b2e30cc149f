import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProductWithCodes,
  createUser,
  deleteUser,
  login,
  loginAsAdmin,
  removeProduct,
  uniqueSuffix,
  uniqueUserName,
  type LoginResult,
} from './support/api';
import { newPage, openSignedIn, pathOf, waitForPath } from './support/browser';
import { url } from './support/env';
import { browserSession } from './support/hooks';

const AUDIT_LOG = '/admin/system/audit-log';

/** An admin call this spec alone needs; throws with the envelope's error. */
async function adminCall<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url(path), {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const envelope = (await response.json()) as {
    success: boolean;
    result: T;
    error: { code: number; message: string } | null;
  };
  if (!envelope.success)
    throw new Error(
      `${method} ${path}: HTTP ${response.status}, code ${envelope.error?.code}: ${envelope.error?.message}`,
    );
  return envelope.result;
}

/** Reveals the product's one unsold code in clear, as the owner does by hand. */
async function revealOnlyCode(token: string, productId: string): Promise<string> {
  const codes = await adminCall<{ items: { id: string }[] }>(
    token,
    'GET',
    `/retailstore/api/admin/v1/ProductSerialCode/Pagination?productId=${encodeURIComponent(productId)}`,
  );
  expect(codes.items).toHaveLength(1);
  const { code } = await adminCall<{ code: string }>(
    token,
    'POST',
    '/retailstore/api/admin/v1/ProductSerialCode/Reveal',
    { id: codes.items[0].id },
  );
  return code;
}

/** The cells of a row, as a person reads them. */
async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

async function chooseAction(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Thao tác' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/**
 * The owner reveals an unsold code and deletes a staff account through the API; the
 * audit log screen shows each under its own tab with who did it, in Vietnamese. Staff
 * never reach the screen.
 */
describe('audit log screen', () => {
  const ui = browserSession();
  let admin: LoginResult;
  let productId: string | undefined;
  let productName: string;
  let code: string;
  let deletedUserName: string;
  let staffId: string | undefined;
  const staffPassword = 'Nhanvien@2026x';

  beforeAll(async () => {
    admin = await loginAsAdmin();
    productName = `Nhật ký E2E ${uniqueSuffix()}`;
    code = `AUDIT-${uniqueSuffix().toUpperCase()}`;
    productId = await createProductWithCodes(
      admin.accessToken,
      { name: productName, price: 10000 },
      [code],
    );
    expect(await revealOnlyCode(admin.accessToken, productId)).toBe(code);

    deletedUserName = uniqueUserName('e2e_gone');
    const gone = await createUser(admin.accessToken, {
      userName: deletedUserName,
      fullName: 'Sẽ bị xóa',
      password: staffPassword,
      role: 'staff',
    });
    await deleteUser(admin.accessToken, gone.id);
  });
  afterAll(async () => {
    if (productId) await removeProduct(admin.accessToken, productId).catch(() => undefined);
    if (staffId) await deleteUser(admin.accessToken, staffId).catch(() => undefined);
  });

  it("shows the reveal under 'Cửa hàng' and the deleted user under 'Tài khoản'", async () => {
    await openSignedIn(ui.page, admin, AUDIT_LOG);
    await ui.page.getByRole('table', { name: 'Nhật ký thao tác: Cửa hàng' }).waitFor();
    await chooseAction(ui.page, 'Xem mã serial');
    const reveal = ui.page.getByTestId('audit-log-row').filter({ hasText: productName });
    await reveal.waitFor();
    const [at, actor, action, , detail] = await cellsOf(reveal);
    expect(at).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(actor).toBe(admin.user.userName);
    expect(action).toBe('Xem mã serial');
    expect(detail).toContain(productName);
    // The log says which code, never the code itself.
    expect(await ui.page.getByTestId('audit-log-table').textContent()).not.toContain(code);

    await ui.page.getByRole('tab', { name: 'Tài khoản' }).click();
    const accounts = ui.page.getByRole('table', { name: 'Nhật ký thao tác: Tài khoản' });
    await accounts.waitFor();
    expect(new URL(ui.page.url()).searchParams.get('action')).toBeNull();
    // Before the filter, the user's creation is listed too; after it, only the removal.
    await accounts
      .getByTestId('audit-log-row')
      .filter({ hasText: deletedUserName })
      .filter({ hasText: 'Tạo người dùng' })
      .waitFor();
    await chooseAction(ui.page, 'Xóa người dùng');
    // Other tests create users too: wait until no creation is listed at all.
    await accounts.getByText('Tạo người dùng').first().waitFor({ state: 'detached' });
    const removal = accounts.getByTestId('audit-log-row').filter({ hasText: deletedUserName });
    await removal.waitFor();
    const [, remover, removed, target] = await cellsOf(removal);
    expect([remover, removed, target]).toEqual([
      admin.user.userName,
      'Xóa người dùng',
      deletedUserName,
    ]);
    expect(await accounts.textContent()).not.toContain(productName);

    // The list is in the URL: a reload shows the same filtered tab.
    await ui.page.reload();
    await ui.page
      .getByRole('table', { name: 'Nhật ký thao tác: Tài khoản' })
      .getByTestId('audit-log-row')
      .filter({ hasText: deletedUserName })
      .waitFor();
    expect(Object.fromEntries(new URL(ui.page.url()).searchParams)).toEqual({
      source: 'identity',
      action: 'user_delete',
    });
  });

  it('reads as cards on a 360 px phone, with nothing scrolling sideways', async () => {
    const phone = await newPage(ui.browser, { width: 360, height: 740 });
    try {
      await openSignedIn(phone, admin, `${AUDIT_LOG}?action=serial_code_reveal`);
      const reveal = phone.getByTestId('audit-log-row').filter({ hasText: productName });
      await reveal.waitFor();
      expect(await reveal.locator('td[data-label="Thao tác"]').textContent()).toContain(
        'Xem mã serial',
      );
      expect(await reveal.locator('td[data-label="Người thực hiện"]').textContent()).toContain(
        admin.user.userName,
      );
      expect(
        await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await phone.getByRole('tab', { name: 'Tài khoản' }).click();
      await phone.getByRole('table', { name: 'Nhật ký thao tác: Tài khoản' }).waitFor();
    } finally {
      await phone.context().close();
    }
  });

  it('gives staff the access-denied page and the API refuses them the log', async () => {
    const staffName = uniqueUserName('e2e_audit_staff');
    staffId = (
      await createUser(admin.accessToken, {
        userName: staffName,
        fullName: 'Nhân viên nhật ký',
        password: staffPassword,
        role: 'staff',
      })
    ).id;
    const staff = await login(staffName, staffPassword);

    await openSignedIn(ui.page, staff, AUDIT_LOG);
    await waitForPath(ui.page, '/admin/auth/access');
    await ui.page.getByTestId('access-denied').waitFor();
    expect(pathOf(ui.page)).toBe('/admin/auth/access');

    for (const path of [
      '/retailstore/api/admin/v1/AuditLog/Pagination',
      '/identity/api/admin/v1/AuditLog/Pagination',
    ]) {
      await expect(adminCall(staff.accessToken, 'GET', path)).rejects.toThrow(/HTTP 403, code 6/);
    }
  });
});
