import { strings } from '@/i18n/vi-shop';

const LOCALE = 'vi-VN';
const TIME_ZONE = 'Asia/Ho_Chi_Minh';

const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'VND' });
const numberFormat = new Intl.NumberFormat(LOCALE);
const DATE_PARTS = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
} as const;
const dateFormat = new Intl.DateTimeFormat(LOCALE, DATE_PARTS);
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  ...DATE_PARTS,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type Maybe<T> = T | null | undefined;

function toDate(value: Maybe<string | number | Date>): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Integer VND, e.g. `120.000 ₫`. */
export function formatMoney(amount: Maybe<number>): string {
  return typeof amount === 'number' && Number.isFinite(amount)
    ? moneyFormat.format(amount)
    : strings.common.empty;
}

export function formatNumber(value: Maybe<number>): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? numberFormat.format(value)
    : strings.common.empty;
}

/** A date in the shop's time zone, e.g. `22/11/2026`. */
export function formatDate(value: Maybe<string | number | Date>): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : strings.common.empty;
}

/** A date and time in the shop's time zone, e.g. `09:30 22/11/2026`. */
export function formatDateTime(value: Maybe<string | number | Date>): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : strings.common.empty;
}

/** A file size for people: `512 B`, `12 KB`, `3,5 MB`. */
export function formatFileSize(bytes: number): string {
  const units = strings.common.fileSize;
  if (bytes < 1024) return units.bytes(numberFormat.format(bytes));
  if (bytes < 1024 * 1024) return units.kilobytes(numberFormat.format(Math.ceil(bytes / 1024)));
  return units.megabytes(numberFormat.format(Math.round((bytes / (1024 * 1024)) * 10) / 10));
}

const dayTimeParts = new Intl.DateTimeFormat('en-GB', {
  ...DATE_PARTS,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A date and time in the shop's time zone, day first: `22/11/2026 09:30`. */
export function formatDayTime(value: Maybe<string | number | Date>): string {
  const date = toDate(value);
  if (!date) return strings.common.empty;
  const part = Object.fromEntries(dayTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
