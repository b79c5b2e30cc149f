import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import {
  forgetOrder,
  ORDER_HISTORY_LIMIT,
  readOrderHistory,
  rememberOrder,
  updateRememberedStatus,
  type RememberedOrder,
} from './order-history';

function entry(code: string): RememberedOrder {
  return {
    code,
    token: `tok-${code}`,
    createdAt: '2026-11-22T03:00:00Z',
    expiresAt: '2026-11-22T03:15:00Z',
    total: 190000,
    productName: 'Steam 100K',
    quantity: 2,
    status: 'pending_payment',
  };
}

describe('order history (this device)', () => {
  it('keeps the newest first, replaces a repeated code and caps the list', () => {
    rememberOrder(entry('DH00000001'));
    rememberOrder(entry('DH00000002'));
    rememberOrder({ ...entry('DH00000001'), total: 1 });
    expect(readOrderHistory().map((item) => [item.code, item.total])).toEqual([
      ['DH00000001', 1],
      ['DH00000002', 190000],
    ]);
    for (let i = 0; i < ORDER_HISTORY_LIMIT + 5; i++)
      rememberOrder(entry(`DHX${String(i).padStart(7, '0')}`));
    expect(readOrderHistory()).toHaveLength(ORDER_HISTORY_LIMIT);
  });

  it('updates the last seen status and forgets an order', () => {
    rememberOrder(entry('DH00000001'));
    updateRememberedStatus('DH00000001', 'completed');
    expect(readOrderHistory()[0].status).toBe('completed');
    forgetOrder('DH00000001');
    expect(readOrderHistory()).toEqual([]);
  });

  it('skips damaged storage instead of failing', () => {
    localStorage.setItem(STORAGE_KEYS.orderHistory, '{not json');
    expect(readOrderHistory()).toEqual([]);
    localStorage.setItem(
      STORAGE_KEYS.orderHistory,
      JSON.stringify([{ code: 'DH1' }, entry('DH00000003'), 5]),
    );
    expect(readOrderHistory().map((item) => item.code)).toEqual(['DH00000003']);
  });
});
