/**
 * Days as Vietnamese shoppers and staff write them, dd/mm/yyyy, against the API's and the
 * native picker's `YYYY-MM-DD`. A browser's own date input shows its UI language's order
 * (mm/dd/yyyy in an English Chrome), so the filters show and read this text instead.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const VN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** `2026-11-05` → `05/11/2026`; '' for '' or anything that is not a day. */
export function isoDayToText(iso: string): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** `5/11/2026`, `05-11-2026` or `05.11.2026` → `2026-11-05`; null when it is not a real day. */
export function textToIsoDay(text: string): string | null {
  const match = VN_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDay(year, month, day)) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
