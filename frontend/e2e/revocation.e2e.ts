import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  deleteUser,
  login,
  loginAsAdmin,
  uniqueUserName,
  type LoginResult,
} from './support/api';
import { serviceUrl, url } from './support/env';

const PRODUCTS = '/retailstore/api/admin/v1/Product/Pagination';
const USER_UPDATE = '/identity/api/admin/v1/User/Update';

/** The HTTP status and error code of an admin call made with `token`. */
async function callWith(
  address: string,
  token: string,
): Promise<{ status: number; code: number | null }> {
  const response = await fetch(address, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await response.json()) as { error: { code: number } | null };
  return { status: response.status, code: body.error?.code ?? null };
}

/**
 * A session revoked at identity stops working everywhere, with the real identity behind
 * it: through the gateway, and at a service reached directly (each service checks the
 * token's session with identity itself), within the revocation cache's lifetime.
 */
describe('a revoked session', () => {
  let admin: LoginResult;
  let staffId: string | undefined;

  beforeAll(async () => {
    admin = await loginAsAdmin();
  });
  afterAll(async () => {
    if (staffId) await deleteUser(admin.accessToken, staffId).catch(() => undefined);
  });

  it('is refused by the gateway and by a service once staff is disabled', async () => {
    const userName = uniqueUserName('e2e_rev');
    const password = 'E2e@revoked123';
    staffId = (
      await createUser(admin.accessToken, {
        userName,
        fullName: 'Nhân viên sắp nghỉ',
        password,
        role: 'staff',
      })
    ).id;
    const staff = await login(userName, password);
    const throughGateway = url(PRODUCTS);
    const direct = serviceUrl('retailstore', PRODUCTS);
    expect(await callWith(throughGateway, staff.accessToken)).toEqual({ status: 200, code: null });
    expect(await callWith(direct, staff.accessToken)).toEqual({ status: 200, code: null });

    const disabled = await fetch(url(USER_UPDATE), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: staffId, isActive: false }),
    });
    expect(disabled.status).toBe(200);

    // Within the revocation cache's lifetime (TOKEN_STATUS_CACHE_SECONDS, 30 s by default).
    for (const address of [throughGateway, direct]) {
      await expect
        .poll(() => callWith(address, staff.accessToken), { timeout: 45_000, interval: 1_000 })
        .toEqual({ status: 401, code: 5 });
    }
    // The admin's own session is untouched.
    expect(await callWith(throughGateway, admin.accessToken)).toEqual({ status: 200, code: null });
  });
});
