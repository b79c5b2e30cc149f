import { randomBytes } from 'node:crypto';
import type { ApiSchema } from '../../src/lib/api/schemas';
import { E2E, url } from './env';

/** Direct calls to the API, for arranging data (users) and cleaning up after a test. */
interface Envelope<T> {
  status: number;
  success: boolean;
  result: T | null;
  error: { code: number; message: string } | null;
}

export interface LoginResult {
  accessToken: string;
  tokenType: string;
  expiresAt: string;
  user: { id: string; userName: string; fullName: string; role: 'admin' | 'staff' };
}

export interface ApiUser {
  id: string;
  userName: string;
  fullName: string;
  role: 'admin' | 'staff';
  isActive: boolean;
}

export const IDENTITY = {
  login: '/identity/api/admin/v1/IdentityAuth/Login',
  selfChangePassword: '/identity/api/admin/v1/IdentityAuth/SelfChangePassword',
  userPagination: '/identity/api/admin/v1/User/Pagination',
  userCreate: '/identity/api/admin/v1/User/Create',
  userDelete: '/identity/api/admin/v1/User/Delete',
} as const;

async function call<T>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url(path), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(20_000),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) {
    throw new Error(
      `${method} ${path} failed: HTTP ${response.status}, code ${envelope.error?.code}: ${envelope.error?.message}`,
    );
  }
  return envelope.result as T;
}

export function login(userName: string, password: string): Promise<LoginResult> {
  return call<LoginResult>('POST', IDENTITY.login, { body: { userName, password } });
}

export function loginAsAdmin(): Promise<LoginResult> {
  return login(E2E.adminUserName, E2E.adminPassword);
}

/** A user name that matches the server's rule (3..50 of a-z 0-9 . _ -) and is unique per run. */
export function uniqueUserName(prefix = 'e2e'): string {
  return `${prefix}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function createUser(
  token: string,
  user: {
    userName: string;
    fullName: string;
    password: string;
    role: 'admin' | 'staff';
    email?: string | null;
  },
): Promise<ApiUser> {
  return call<ApiUser>('POST', IDENTITY.userCreate, { token, body: user });
}

export async function deleteUser(token: string, id: string): Promise<void> {
  await call<boolean>('DELETE', `${IDENTITY.userDelete}?id=${encodeURIComponent(id)}`, { token });
}

export async function findUser(token: string, userName: string): Promise<ApiUser | undefined> {
  const page = await call<{ items: ApiUser[] }>(
    'GET',
    `${IDENTITY.userPagination}?keyword=${encodeURIComponent(userName)}`,
    { token },
  );
  return page.items.find((user) => user.userName === userName);
}

// ---- Catalogue: products, serial codes and the shop configuration ---------------------

export const RETAILSTORE = {
  productPagination: '/retailstore/api/admin/v1/Product/Pagination',
  productUpdate: '/retailstore/api/admin/v1/Product/Update',
  productDelete: '/retailstore/api/admin/v1/Product/Delete',
} as const;

export const SYSTEM = {
  adminConfiguration: '/system/api/admin/v1/Configuration/AppConfiguration',
  publicConfiguration: '/system/api/web/v1/Configuration/AppConfiguration',
  upload: '/system/api/admin/v1/UploadFile/Upload',
} as const;

export interface ApiProduct {
  id: string;
  name: string;
  slug: string;
  imageUrl: string | null;
  price: number;
  status: 'draft' | 'active' | 'hidden';
  lowStockThreshold: number;
  stock: { available: number; reserved: number; sold: number };
}

export interface ApiConfiguration {
  shopName: string;
  shopTagline: string;
  updatedBy: string | null;
}

/** A short unique suffix for names and codes made by one run. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export async function findProduct(token: string, name: string): Promise<ApiProduct | undefined> {
  const page = await call<{ items: ApiProduct[] }>(
    'GET',
    `${RETAILSTORE.productPagination}?keyword=${encodeURIComponent(name)}`,
    { token },
  );
  return page.items.find((product) => product.name === name);
}

/** Deletes a test product; one that orders reference (code 302) is hidden instead. */
export async function removeProduct(token: string, id: string): Promise<void> {
  try {
    await call<boolean>('DELETE', `${RETAILSTORE.productDelete}?id=${encodeURIComponent(id)}`, {
      token,
    });
  } catch {
    await call<ApiProduct>('PUT', RETAILSTORE.productUpdate, {
      token,
      body: { id, status: 'hidden' },
    });
  }
}

/** Every field an admin edits (the public configuration's fields); null clears an optional one. */
export type EditableConfiguration = ApiSchema<'PublicConfiguration'>;

/** What a shop nobody has configured holds (the defaults of the system service's table). */
export const UNCONFIGURED: EditableConfiguration = {
  shopName: 'Cửa hàng mã số',
  shopTagline: '',
  logoUrl: null,
  socialUrl: null,
  footerNote: '',
  contactEmail: null,
  contactPhone: null,
  analyticsId: null,
};

/** The editable part of the stored configuration, to put back after a test. */
export async function readEditableConfiguration(token: string): Promise<EditableConfiguration> {
  const all = await call<EditableConfiguration>('GET', SYSTEM.adminConfiguration, { token });
  const keys = Object.keys(UNCONFIGURED) as (keyof EditableConfiguration)[];
  return Object.fromEntries(
    keys.map((key) => [key, all[key] ?? null]),
  ) as unknown as EditableConfiguration;
}

/** Replaces every editable field at once. */
export function replaceConfiguration(
  token: string,
  values: EditableConfiguration,
): Promise<ApiConfiguration> {
  return call<ApiConfiguration>('PUT', SYSTEM.adminConfiguration, { token, body: values });
}

/** Uploads an image as the admin screens do; returns its `/uploads/...` URL. */
export async function uploadImage(
  token: string,
  file: { name: string; type: string; bytes: Buffer },
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(url(SYSTEM.upload), {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(20_000),
  });
  const envelope = (await response.json()) as Envelope<{ url: string }>;
  if (!envelope.success || !envelope.result) {
    throw new Error(
      `POST ${SYSTEM.upload} failed: HTTP ${response.status}, code ${envelope.error?.code}: ${envelope.error?.message}`,
    );
  }
  return envelope.result.url;
}

export function readConfiguration(token: string): Promise<ApiConfiguration> {
  return call<ApiConfiguration>('GET', SYSTEM.adminConfiguration, { token });
}

/** A field left out stays unchanged. */
export function updateConfiguration(
  token: string,
  changes: Partial<Pick<ApiConfiguration, 'shopName' | 'shopTagline'>>,
): Promise<ApiConfiguration> {
  return call<ApiConfiguration>('PUT', SYSTEM.adminConfiguration, { token, body: changes });
}

// ---- Payment providers --------------------------------------------------------------

export const PAYMENTPROVIDER = {
  providerPagination: '/paymentprovider/api/admin/v1/PaymentProvider/Pagination',
  providerDelete: '/paymentprovider/api/admin/v1/PaymentProvider/Delete',
} as const;

export interface ApiPaymentProvider {
  id: string;
  name: string;
  type: 'vietqr_bank' | 'manual';
  bankBin: string | null;
  accountNumber: string | null;
  accountName: string | null;
  isActive: boolean;
  webhookEnabled: boolean;
  hasWebhookSecret: boolean;
  webhookUrl: string;
}

export async function findPaymentProvider(
  token: string,
  name: string,
): Promise<ApiPaymentProvider | undefined> {
  const page = await call<{ items: ApiPaymentProvider[] }>(
    'GET',
    `${PAYMENTPROVIDER.providerPagination}?keyword=${encodeURIComponent(name)}`,
    { token },
  );
  return page.items.find((provider) => provider.name === name);
}

/** A soft delete: the provider leaves the lists, old orders keep their snapshot. */
export async function deletePaymentProvider(token: string, id: string): Promise<void> {
  await call<boolean>('DELETE', `${PAYMENTPROVIDER.providerDelete}?id=${encodeURIComponent(id)}`, {
    token,
  });
}

// ---- Orders: arranging a sellable product, a bank provider and paying by webhook -----

export const ORDERS = {
  productCreate: '/retailstore/api/admin/v1/Product/Create',
  codeCreateBulk: '/retailstore/api/admin/v1/ProductSerialCode/CreateBulk',
  providerCreate: '/paymentprovider/api/admin/v1/PaymentProvider/Create',
  createOrder: '/retailstore/api/web/v1/Order/CreateOrder',
  adminOrderDetail: '/retailstore/api/admin/v1/Order/Detail',
  productRead: '/retailstore/api/admin/v1/Product/Read',
  webhookSePay: '/paymentprovider/api/web/v1/PaymentWebhook/SePay',
} as const;

export interface ApiOrderDetail {
  id?: string;
  code: string;
  status: string;
  paymentStatus: string;
  total: number;
  paidAmount: number;
  accessToken?: string;
  items: { productId: string; productName: string; quantity: number; codes?: { code: string }[] }[];
  payment: {
    transferContent: string;
    amountDue: number;
    qrPayload?: string | null;
    accountNumber?: string | null;
  };
  events?: { at: string; type: string; message: string }[];
}

/** An active product (no codes yet); returns it. */
export function createProduct(
  token: string,
  product: {
    name: string;
    price: number;
    maxPerOrder?: number;
    imageUrl?: string | null;
    lowStockThreshold?: number;
    redeemInstructions?: string;
  },
): Promise<ApiProduct> {
  return call<ApiProduct>('POST', ORDERS.productCreate, {
    token,
    body: {
      name: product.name,
      price: product.price,
      status: 'active',
      maxPerOrder: product.maxPerOrder ?? 10,
      imageUrl: product.imageUrl ?? null,
      ...(product.redeemInstructions === undefined
        ? {}
        : { redeemInstructions: product.redeemInstructions }),
      ...(product.lowStockThreshold === undefined
        ? {}
        : { lowStockThreshold: product.lowStockThreshold }),
    },
  });
}

/** An active product with `codes` imported; returns its id. */
export async function createProductWithCodes(
  token: string,
  product: {
    name: string;
    price: number;
    maxPerOrder?: number;
    imageUrl?: string | null;
    lowStockThreshold?: number;
  },
  codes: string[],
): Promise<string> {
  const created = await createProduct(token, product);
  const imported = await call<{ inserted: number }>('POST', ORDERS.codeCreateBulk, {
    token,
    body: { productId: created.id, codes },
  });
  if (imported.inserted !== codes.length)
    throw new Error(`imported ${imported.inserted} of ${codes.length} codes`);
  return created.id;
}

export function readProduct(token: string, id: string): Promise<ApiProduct> {
  return call<ApiProduct>('GET', `${ORDERS.productRead}?id=${encodeURIComponent(id)}`, { token });
}

/** A VietQR provider on Vietcombank with its webhook on; returns its id. */
export async function createBankProvider(
  token: string,
  provider: { name: string; accountNumber: string; webhookSecret: string; sortOrder?: number },
): Promise<string> {
  const created = await call<ApiPaymentProvider>('POST', ORDERS.providerCreate, {
    token,
    body: {
      name: provider.name,
      type: 'vietqr_bank',
      bankBin: '970436',
      accountNumber: provider.accountNumber,
      accountName: 'NGUYEN VAN A',
      webhookEnabled: true,
      webhookSecret: provider.webhookSecret,
      isActive: true,
      sortOrder: provider.sortOrder ?? -1000,
    },
  });
  return created.id;
}

/** A shopper's order straight through the API (no browser). */
export function createOrder(body: {
  items: { productId: string; quantity: number }[];
  email: string;
  paymentProviderId: string;
}): Promise<ApiOrderDetail> {
  return call<ApiOrderDetail>('POST', ORDERS.createOrder, { body });
}

/** The shopper's view of an order, read with the order's own token. */
export async function readWebOrder(code: string, orderToken: string): Promise<ApiOrderDetail> {
  const response = await fetch(
    url(`/retailstore/api/web/v1/Order/OrderDetail?code=${encodeURIComponent(code)}`),
    {
      headers: { Accept: 'application/json', 'X-Order-Token': orderToken },
      signal: AbortSignal.timeout(20_000),
    },
  );
  const envelope = (await response.json()) as Envelope<ApiOrderDetail>;
  if (!envelope.success || !envelope.result)
    throw new Error(`OrderDetail ${code}: HTTP ${response.status}, code ${envelope.error?.code}`);
  return envelope.result;
}

export function adminOrderDetail(token: string, id: string): Promise<ApiOrderDetail> {
  return call<ApiOrderDetail>('GET', `${ORDERS.adminOrderDetail}?id=${encodeURIComponent(id)}`, {
    token,
  });
}

/**
 * What SePay posts for an incoming transfer to `accountNumber` with `content` as the
 * memo, authenticated with the provider's webhook secret. Returns the HTTP status and body.
 */
export async function postSePayWebhook(
  providerId: string,
  secret: string,
  transfer: {
    id: number;
    accountNumber: string;
    amount: number;
    content: string;
    code?: string | null;
  },
): Promise<{ status: number; body: Envelope<unknown> }> {
  const now = new Date(Date.now() + 7 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  const response = await fetch(url(`${ORDERS.webhookSePay}/${providerId}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Apikey ${secret}` },
    body: JSON.stringify({
      id: transfer.id,
      gateway: 'Vietcombank',
      transactionDate: now,
      accountNumber: transfer.accountNumber,
      subAccount: null,
      code: transfer.code ?? null,
      content: transfer.content,
      transferType: 'in',
      transferAmount: transfer.amount,
      accumulated: 0,
      referenceCode: `FT${transfer.id}`,
      description: `BankAPINotify ${transfer.content}`,
    }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as Envelope<unknown> };
}
