/**
 * Business days are in Asia/Ho_Chi_Minh (UTC+7 all year, no daylight saving). A day is
 * written `YYYY-MM-DD`; the API takes half-open ranges `[from, to)` of RFC 3339 instants.
 */
const SHOP_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function dayOfUtcMs(ms: number): string {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The shop's calendar day at `now`. */
export function shopToday(now: Date = new Date()): string {
  return dayOfUtcMs(now.getTime() + SHOP_OFFSET_MS);
}

export function isShopDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOfUtcMs(ms) === value;
}

/** `day` moved by `days` (negative: back). */
export function addShopDays(day: string, days: number): string {
  const match = DAY_PATTERN.exec(day);
  if (!match) return day;
  return dayOfUtcMs(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS,
  );
}

/** Midnight of `day` in the shop's zone, as an RFC 3339 instant with its offset. */
export function shopDayStart(day: string): string {
  return `${day}T00:00:00+07:00`;
}

/** `[first day 00:00, day after the last 00:00)`, both days included. */
export function shopDayRange(firstDay: string, lastDay: string): { from: string; to: string } {
  return { from: shopDayStart(firstDay), to: shopDayStart(addShopDays(lastDay, 1)) };
}

/** The last `days` business days, today included. */
export function lastShopDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const today = shopToday(now);
  return shopDayRange(addShopDays(today, -(days - 1)), today);
}
