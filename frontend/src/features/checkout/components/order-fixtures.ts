import type { CustomerOrder } from '../api/types';

/** Test fixtures: an order for two Steam 100K codes, paid by VietQR transfer. */
export const QR_PAYLOAD =
  '00020101021238560010A0000007270126000697043601120123456789020208QRIBFTTA530370454061900005802VN62140810DH7K2M9QXA6304ABCD';

/** The order waiting for its transfer, 14.5 minutes before it expires. */
export function pendingOrder(overrides: Partial<CustomerOrder> = {}): CustomerOrder {
  return {
    code: 'DH7K2M9QXA',
    status: 'pending_payment',
    paymentStatus: 'unpaid',
    createdAt: '2026-11-22T03:00:00Z',
    expiresAt: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString(),
    paidAt: null,
    completedAt: null,
    customerName: null,
    email: 'an@example.com',
    phone: null,
    items: [
      {
        productId: 'p-1',
        productName: 'Steam 100K',
        imageUrl: null,
        unitPrice: 95000,
        quantity: 2,
        lineTotal: 190000,
        codes: null,
        redeemInstructions: null,
      },
    ],
    total: 190000,
    paidAmount: 0,
    payment: {
      providerId: 'pp-1',
      providerName: 'Chuyển khoản Vietcombank',
      type: 'vietqr_bank',
      bankName: 'Vietcombank',
      bankBin: '970436',
      accountNumber: '0123456789',
      accountName: 'NGUYEN VAN A',
      transferContent: 'DH7K2M9QXA',
      amountDue: 190000,
      qrPayload: QR_PAYLOAD,
      instructions: null,
    },
    ...overrides,
  };
}
