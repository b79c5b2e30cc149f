import { describe, expect, it } from 'vitest';
import { shopToday } from '@/lib/dates/business-day';
import { dayOf, fillDays, rangeDays, shortDay } from './dashboard-model';

describe('dashboard ranges', () => {
  const now = new Date('2026-11-22T20:00:00Z'); // 03:00 on 23/11 in Ho Chi Minh City

  it('covers today, the last 7 and the last 30 shop days', () => {
    expect(rangeDays('today', shopToday(now))).toEqual({
      firstDay: '2026-11-23',
      lastDay: '2026-11-23',
      from: '2026-11-23T00:00:00+07:00',
      to: '2026-11-24T00:00:00+07:00',
    });
    expect(rangeDays('days7', shopToday(now)).from).toBe('2026-11-17T00:00:00+07:00');
    expect(rangeDays('days30', shopToday(now)).from).toBe('2026-10-25T00:00:00+07:00');
  });

  it('fills days without sales and reads days given as instants', () => {
    expect(dayOf('2026-11-20T17:00:00Z')).toBe('2026-11-21');
    expect(dayOf('nope')).toBeNull();
    expect(
      fillDays(
        [
          { date: '2026-11-21', revenue: 100000, orders: 1 },
          { date: '2026-11-22T17:30:00Z', revenue: 5000, orders: 2 },
        ],
        '2026-11-20',
        '2026-11-23',
      ),
    ).toEqual([
      { day: '2026-11-20', revenue: 0, orders: 0 },
      { day: '2026-11-21', revenue: 100000, orders: 1 },
      { day: '2026-11-22', revenue: 0, orders: 0 },
      { day: '2026-11-23', revenue: 5000, orders: 2 },
    ]);
    expect(shortDay('2026-11-03')).toBe('03/11');
  });
});
