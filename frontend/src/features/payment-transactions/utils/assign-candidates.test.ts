import { describe, expect, it } from 'vitest';
import {
  codeLikeTokens,
  maskEmail,
  mergeCandidates,
  searchKeywords,
  withinOneEdit,
  type CandidateOrder,
} from './assign-candidates';

function order(
  id: string,
  code: string,
  total: number,
  status: CandidateOrder['status'],
  createdAt: string,
): CandidateOrder {
  return {
    id,
    code,
    total,
    status,
    createdAt,
    email: `${id}@vidu.vn`,
    phone: null,
    customerName: null,
    itemCount: 1,
    paidAmount: 0,
    paidAt: null,
    paymentStatus: 'unpaid',
    providerName: 'Vietcombank',
  };
}

describe('assign candidates', () => {
  it('finds code-like words in the memo and the code field', () => {
    expect(codeLikeTokens('CK tien DHAB12CD3 cam on', null)).toEqual(['DHAB12CD3']);
    expect(codeLikeTokens('thanh toan dhab12cd35', 'DHZZ99ZZ99')).toEqual([
      'DHAB12CD35',
      'DHZZ99ZZ99',
    ]);
    expect(codeLikeTokens('chuyen tien', undefined)).toEqual([]);
  });

  it('accepts one changed, missing or added character, no more', () => {
    expect(withinOneEdit('DHAB12CD34', 'DHAB12CD35')).toBe(true);
    expect(withinOneEdit('DHAB12CD34', 'DHAB12C34')).toBe(true);
    expect(withinOneEdit('DHAB12CD34', 'DHAB12CD345')).toBe(true);
    expect(withinOneEdit('DHAB12CD34', 'DHAB12CD34')).toBe(true);
    expect(withinOneEdit('DHAB12CD34', 'DHAB12CE35')).toBe(false);
    expect(withinOneEdit('DHAB12CD34', 'DHAB12C3')).toBe(false);
  });

  it('searches with the halves that survive one slip', () => {
    expect(searchKeywords('DHAB12CD35')).toEqual(['DHAB12', 'CD35']);
  });

  it('offers waiting orders of the same amount newest first, then close codes, each once', () => {
    const same = [
      order('a', 'DHAAAAAAAA', 120_000, 'pending_payment', '2026-11-27T08:00:00Z'),
      order('b', 'DHBBBBBBBB', 120_000, 'expired', '2026-11-27T09:00:00Z'),
      order('c', 'DHCCCCCCCC', 120_000, 'completed', '2026-11-27T10:00:00Z'),
    ];
    const close = [
      order('d', 'DHAB12CD34', 50_000, 'pending_payment', '2026-11-20T00:00:00Z'),
      order('e', 'DHAB12XX99', 50_000, 'pending_payment', '2026-11-20T00:00:00Z'),
      same[0],
    ];
    const merged = mergeCandidates(120_000, same, close, ['DHAB12CD35']);
    expect(merged.map((c) => [c.order.id, c.reason])).toEqual([
      ['b', 'amount'],
      ['a', 'amount'],
      ['d', 'code'],
    ]);
  });

  it('masks the e-mail', () => {
    expect(maskEmail('binh@vidu.vn')).toBe('bi***@vidu.vn');
    expect(maskEmail('a@vidu.vn')).toBe('a***@vidu.vn');
  });
});
