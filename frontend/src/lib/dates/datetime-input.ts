/**
 * A moment as staff write it, `dd/mm/yyyy HH:mm` in the browser's zone, against the API's
 * RFC 3339 instants and the native picker's `YYYY-MM-DDTHH:mm`. A browser's own
 * `datetime-local` input shows its UI language's order (mm/dd/yyyy in an English Chrome),
 * so the fields show and read this text instead (see `DateTimeField`).
 */

/** `31/12/2027 23:59`; also `1/2/2027 9:05` and `.` or `-` between the day's parts. */
const VN_DATE_TIME = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s+(\d{1,2}):(\d{2})$/;
const PICKER_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function format(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The local moment, or null when it does not exist: 31/02, 24:00, minute 60, or a time a
 * daylight-saving jump skips (the Date would roll over to another day or hour).
 */
function localDate(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
): Date | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hours > 23 || minutes > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes);
  const exists =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes;
  return exists ? date : null;
}

function parseText(text: string): Date | null {
  const match = VN_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return localDate(year, month, day, hours, minutes);
}

/** An instant as the field's text (`31/12/2027 23:59`, local), or '' when absent or invalid. */
export function toDateTimeInputValue(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date);
}

/** The field's text as an RFC 3339 instant (UTC), null when empty, undefined when not a real moment. */
export function fromDateTimeInputValue(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  return parseText(value)?.toISOString() ?? undefined;
}

/** `1/2/2027 9:05` → `01/02/2027 09:05`; anything unreadable is left as typed. */
export function normalizeDateTimeText(text: string): string {
  const date = parseText(text);
  return date ? format(date) : text;
}

/** The field's text as the native picker's value (`2027-12-31T23:59`), '' when unreadable. */
export function dateTimeTextToPickerValue(text: string): string {
  const date = parseText(text);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The native picker's value as the field's text, '' when empty or unreadable. */
export function pickerValueToDateTimeText(value: string): string {
  const match = PICKER_VALUE.exec(value);
  if (!match) return '';
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = localDate(year, month, day, hours, minutes);
  return date ? format(date) : '';
}
