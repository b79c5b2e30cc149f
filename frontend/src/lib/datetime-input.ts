/**
 * `<input type="datetime-local">` speaks local wall-clock time (`2026-11-22T09:30`); the
 * API speaks RFC 3339 instants. These convert between the two in the browser's zone.
 */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as the input's value, or '' when absent or invalid. */
export function toDateTimeInputValue(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's value as an RFC 3339 instant (UTC), null when empty, undefined when invalid. */
export function fromDateTimeInputValue(value: string): string | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
