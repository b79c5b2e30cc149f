import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayTime, formatFileSize, formatMoney } from './format';

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
    expect(formatDayTime('2026-11-21T18:30:00Z')).toBe('22/11/2026 01:30');
    expect(formatDayTime(null)).toBe('—');
  });

  it('formats file sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(12 * 1024 + 1)).toBe('13 KB');
    expect(formatFileSize(3.5 * 1024 * 1024)).toBe('3,5 MB');
  });
});
