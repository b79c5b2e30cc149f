import { describe, expect, it } from 'vitest';
import { allowedOrderActions, refundableAmount, type OrderMoney } from './order-actions-model';

const money = (
  status: string,
  paidAmount = 0,
  refundedAmount = 0,
  total = 100_000,
): OrderMoney => ({
  status: status as OrderMoney['status'],
  total,
  paidAmount,
  refundedAmount,
});

describe('allowedOrderActions', () => {
  it('follows the status table of the API', () => {
    expect(allowedOrderActions(money('pending_payment'))).toEqual(['confirmPayment', 'cancel']);
    expect(allowedOrderActions(money('completed', 100_000))).toEqual([
      'replaceCodes',
      'revealCodes',
      'regenerateLink',
    ]);
    expect(allowedOrderActions(money('expired'))).toEqual(['confirmPayment', 'cancel']);
    expect(allowedOrderActions(money('needs_attention', 100_000))).toEqual([
      'confirmPayment',
      'deliver',
      'recordRefund',
      'cancel',
    ]);
    expect(allowedOrderActions(money('cancelled', 100_000))).toEqual([]);
    expect(allowedOrderActions(money('something_new'))).toEqual([]);
  });

  it('offers Deliver only when the money held covers the total, and a refund only while some is left', () => {
    expect(allowedOrderActions(money('needs_attention', 60_000))).toEqual([
      'confirmPayment',
      'recordRefund',
      'cancel',
    ]);
    expect(allowedOrderActions(money('needs_attention', 120_000, 30_000))).toEqual([
      'confirmPayment',
      'recordRefund',
      'cancel',
    ]);
    expect(allowedOrderActions(money('needs_attention', 100_000, 100_000))).toEqual([
      'confirmPayment',
      'cancel',
    ]);
    expect(allowedOrderActions(money('completed', 130_000))).toContain('recordRefund');
    expect(allowedOrderActions(money('completed', 130_000, 30_000))).not.toContain('recordRefund');
  });

  it('counts what may still be refunded as the service does', () => {
    expect(refundableAmount(money('needs_attention', 150_000, 20_000))).toBe(130_000);
    expect(refundableAmount(money('completed', 150_000, 20_000))).toBe(30_000);
    expect(refundableAmount(money('completed', 100_000))).toBe(0);
    expect(refundableAmount(money('cancelled', 100_000))).toBe(0);
  });
});
