import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

describe('format helpers', () => {
  it('formats VND without decimals', () => {
    expect(formatMoney(120000).replace(/\s/g, ' ')).toBe('120.000 ₫');
    expect(formatMoney(null)).toBe('—');
  });

  it('formats dates in the shop time zone', () => {
    expect(formatDate('2026-11-21T18:30:00Z')).toBe('22/11/2026');
    expect(formatDateTime('2026-11-21T18:30:00Z')).toBe('01:30 22/11/2026');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDate(undefined)).toBe('—');
  });
});
