import { describe, expect, it } from 'vitest';
import { parseWholeNumber } from './validation';

describe('parseWholeNumber', () => {
  it('reads plain and thousands-grouped whole numbers', () => {
    expect(parseWholeNumber('120000')).toBe(120000);
    expect(parseWholeNumber(' 120.000 ')).toBe(120000);
    expect(parseWholeNumber('1,200,000')).toBe(1200000);
    expect(parseWholeNumber('1 200 000')).toBe(1200000);
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('   ')).toBeNull();
  });

  it('refuses decimals, bad grouping, signs and words', () => {
    for (const text of ['12.5', '1.20.000', '12,34', 'abc', '1e5', '+5', '99999999999999999999']) {
      expect(parseWholeNumber(text)).toBeNaN();
    }
    expect(parseWholeNumber('-5')).toBeNaN();
    expect(parseWholeNumber('-5', { allowNegative: true })).toBe(-5);
  });
});
