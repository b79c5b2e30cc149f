// Shared arrange steps of the admin order-detail tests: a signed-in staff member and an
// order in any state.
import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@/config/constants';
import { makeSession } from '@/testing/jwt';
import type { AdminOrderDetail } from '../api/types';

export function signInAsStaff() {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'staff' })));
}

export function adminOrder(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: 'o-1',
    code: 'DH7K2M9QXA',
    status: 'pending_payment',
    paymentStatus: 'unpaid',
    createdAt: '2026-11-22T03:00:00Z',
    updatedAt: '2026-11-22T03:00:00Z',
    expiresAt: '2026-11-22T03:15:00Z',
    paidAt: null,
    completedAt: null,
    customerName: 'Nguyễn An',
    email: 'an@example.com',
    phone: '0912345678',
    note: null,
    cancelReason: null,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    items: [
      {
        id: 'i-1',
        productId: 'p-1',
        productName: 'Steam 100K',
        imageUrl: null,
        unitPrice: 95000,
        quantity: 2,
        lineTotal: 190000,
        codes: [
          {
            id: 'c-1',
            maskedCode: 'STEA••••1111',
            serial: null,
            status: 'reserved',
            replacement: false,
            replaced: false,
          },
          {
            id: 'c-2',
            maskedCode: 'STEA••••2222',
            serial: null,
            status: 'reserved',
            replacement: false,
            replaced: false,
          },
        ],
      },
    ],
    total: 190000,
    paidAmount: 0,
    refundedAmount: 0,
    cancelledAt: null,
    payment: {
      providerId: 'pp-1',
      providerName: 'Vietcombank',
      type: 'vietqr_bank',
      bankName: 'Vietcombank',
      bankBin: '970436',
      accountNumber: '0123456789',
      accountName: 'NGUYEN VAN A',
      transferContent: 'DH7K2M9QXA',
      amountDue: 190000,
      qrPayload: null,
      instructions: null,
    },
    payments: [],
    events: [
      { at: '2026-11-22T03:00:00Z', type: 'created', message: 'Đơn hàng được tạo', actor: null },
    ],
    ...overrides,
  };
}

export const completedOrder = adminOrder({
  status: 'completed',
  paymentStatus: 'paid',
  paidAmount: 190000,
  paidAt: '2026-11-22T03:05:00Z',
  payments: [
    {
      transactionId: 'tx-1',
      amount: 190000,
      paidAt: '2026-11-22T03:05:00Z',
      source: 'webhook',
      actor: null,
      note: null,
      linkedTransactionId: null,
      recordedAt: '2026-11-22T03:05:01Z',
    },
  ],
  events: [
    {
      at: '2026-11-22T03:05:00Z',
      type: 'payment_received',
      message: 'Nhận 190.000 ₫ qua chuyển khoản',
      actor: null,
    },
    { at: '2026-11-22T03:00:00Z', type: 'created', message: 'Đơn hàng được tạo', actor: null },
  ],
});

export function actionsOf(): string[] {
  return within(screen.getByTestId('order-actions'))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}
