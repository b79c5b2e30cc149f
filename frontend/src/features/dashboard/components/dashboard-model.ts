import { addShopDays, isShopDay, shopDayRange, shopToday } from '@/lib/dates/business-day';
import type { RevenueByDay } from '../api/types';

export const DASHBOARD_RANGES = ['today', 'days7', 'days30'] as const;
export type DashboardRangeKey = (typeof DASHBOARD_RANGES)[number];

const DAYS: Record<DashboardRangeKey, number> = { today: 1, days7: 7, days30: 30 };

/** The shop days of a range ending on `lastDay` (included) and the API's `[from, to)`. */
export function rangeDays(key: DashboardRangeKey, lastDay: string = shopToday()) {
  const firstDay = addShopDays(lastDay, -(DAYS[key] - 1));
  return { firstDay, lastDay, ...shopDayRange(firstDay, lastDay) };
}

/** The shop day a `date` of the API names (a day, or an instant inside it). */
export function dayOf(date: string): string | null {
  if (isShopDay(date)) return date;
  const at = new Date(date);
  return Number.isNaN(at.getTime()) ? null : shopToday(at);
}

/** One point per day of the range, days without sales at zero. */
export function fillDays(
  points: readonly RevenueByDay[],
  firstDay: string,
  lastDay: string,
): { day: string; revenue: number; orders: number }[] {
  const byDay = new Map<string, { revenue: number; orders: number }>();
  for (const point of points) {
    const day = dayOf(point.date);
    if (!day) continue;
    const prev = byDay.get(day) ?? { revenue: 0, orders: 0 };
    byDay.set(day, {
      revenue: prev.revenue + (point.revenue ?? 0),
      orders: prev.orders + (point.orders ?? 0),
    });
  }
  const result: { day: string; revenue: number; orders: number }[] = [];
  for (let day = firstDay; day <= lastDay && result.length < 366; day = addShopDays(day, 1)) {
    result.push({ day, ...(byDay.get(day) ?? { revenue: 0, orders: 0 }) });
  }
  return result;
}

/** `22/11` for a shop day. */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}
