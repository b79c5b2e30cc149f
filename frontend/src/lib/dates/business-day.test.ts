import { describe, expect, it } from 'vitest';
import { addShopDays, isShopDay, lastShopDays, shopDayRange, shopToday } from './business-day';

describe('business days (Asia/Ho_Chi_Minh)', () => {
  it('takes the shop calendar day, seven hours ahead of UTC', () => {
    expect(shopToday(new Date('2026-11-22T16:59:59Z'))).toBe('2026-11-22');
    expect(shopToday(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
  });

  it('builds half-open ranges of whole days', () => {
    expect(shopDayRange('2026-11-01', '2026-11-30')).toEqual({
      from: '2026-11-01T00:00:00+07:00',
      to: '2026-12-01T00:00:00+07:00',
    });
    expect(lastShopDays(1, new Date('2026-12-31T20:00:00Z'))).toEqual({
      from: '2027-01-01T00:00:00+07:00',
      to: '2027-01-02T00:00:00+07:00',
    });
    expect(lastShopDays(7, new Date('2026-03-02T03:00:00Z'))).toEqual({
      from: '2026-02-24T00:00:00+07:00',
      to: '2026-03-03T00:00:00+07:00',
    });
  });

  it('moves days across months and checks the format', () => {
    expect(addShopDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addShopDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isShopDay('2026-02-30')).toBe(false);
    expect(isShopDay('2026-2-3')).toBe(false);
    expect(isShopDay('2026-02-03')).toBe(true);
  });
});
