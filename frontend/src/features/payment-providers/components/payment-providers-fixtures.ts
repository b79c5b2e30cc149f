// Shared arrange steps of the payment-providers screen tests: two providers (a VietQR
// bank account with a webhook, a manual one), the bank list, and a signed-in user.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { Bank, PaymentProvider } from '../api/types';

export const BANKS: Bank[] = [
  { bin: '970436', shortName: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại Thương Việt Nam' },
  { bin: '970415', shortName: 'VietinBank', name: 'Ngân hàng TMCP Công thương Việt Nam' },
  { bin: '970422', shortName: 'MBBank', name: 'Ngân hàng TMCP Quân đội' },
];

export const vcb: PaymentProvider = {
  id: 'pp-1',
  name: 'Chuyển khoản VCB',
  type: 'vietqr_bank',
  bankBin: '970436',
  bankName: 'Ngân hàng TMCP Ngoại Thương Việt Nam',
  accountNumber: '0123456789',
  accountName: 'NGUYEN VAN A',
  instructions: null,
  logoUrl: null,
  isActive: true,
  sortOrder: 1,
  webhookEnabled: true,
  webhookAuth: 'apikey',
  hasWebhookSecret: true,
  hasSepayApiToken: false,
  lastReconciledAt: null,
  lastWebhook: null,
  webhookUrl: '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-1',
  createdAt: '2026-11-20T03:00:00Z',
  updatedAt: '2026-11-20T03:00:00Z',
};

export const cash: PaymentProvider = {
  ...vcb,
  id: 'pp-2',
  name: 'Liên hệ Zalo',
  type: 'manual',
  bankBin: null,
  bankName: null,
  accountNumber: null,
  accountName: null,
  instructions: 'Nhắn Zalo 0900 000 000',
  isActive: false,
  webhookEnabled: false,
  hasWebhookSecret: false,
  webhookUrl: '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-2',
};

export function page(items: PaymentProvider[]) {
  return okEnvelope({ items, totalCount: items.length, pageIndex: 1, pageSize: 20 });
}

export type Handler = Parameters<typeof mockFetch>[0];

/** Banks and the list answer by default; `handler` answers the rest (or overrides). */
export function setup(role: 'admin' | 'staff', handler: Handler = () => page([vcb, cash])) {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role })));
  const fetch = mockFetch((url, init) =>
    url.includes('/PaymentProvider/Banks') ? okEnvelope(BANKS) : handler(url, init),
  );
  renderApp('/admin/providers/payment');
  return { fetch, user: userEvent.setup() };
}

export function bodyOf(
  fetch: ReturnType<typeof mockFetch>,
  action: string,
): Record<string, unknown> {
  const call = fetch.mock.calls.findLast(([url]) => url.includes(`/PaymentProvider/${action}`))!;
  return jsonBody<Record<string, unknown>>(call[1]);
}

/** The logo field previews a picked file through object URLs, which jsdom lacks. */
export function stubObjectUrls() {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
}

/** Opens the edit dialog of the VietQR provider from its row (the list must be shown). */
export async function openEdit(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Sửa Chuyển khoản VCB' }));
  return screen.findByRole('dialog', { name: 'Sửa dịch vụ thanh toán' });
}
