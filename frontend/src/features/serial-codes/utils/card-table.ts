/**
 * Suppliers' card files, the browser's part: split a CSV file or columns pasted from a
 * spreadsheet (tab-separated) into rows and cells, recognise a header row in Vietnamese
 * or English ("Seri", "Mã thẻ", "Hạn sử dụng", "Serial", "PIN", "Expiry"...), map the
 * columns to the PIN, the serial and the expiry, and turn the rows into what CreateBulk
 * takes, counting empty rows and repeats before anything is sent.
 *
 * Pure functions: the import dialog runs `splitTable` in a Web Worker for large files
 * (card-table.worker.ts) and the rest on the main thread.
 */

import { SERIAL_CODE_LIMITS } from '@/config/limits';
import type { ImportInvalid, ParsedCodes } from './code-import';
import { normalizeCode } from './code-import';

/** A card's serial: up to 64 characters (the server's limit). */
export const SERIAL_MAX = 64;

export type Delimiter = '\t' | ',' | ';' | null;

export interface SplitTable {
  /** Every record, blank ones included, as cells; `lines[i]` is the 1-based line it starts on. */
  rows: string[][];
  lines: number[];
  delimiter: Delimiter;
  /** The widest row's number of cells. */
  columns: number;
}

export type ColumnRole = 'code' | 'serial' | 'expiry';

export interface ColumnMapping {
  /** Column index of the PIN ("Mã thẻ"); always set. */
  code: number;
  serial: number | null;
  expiry: number | null;
  /** Whether the first non-blank row is a header (not imported). */
  header: boolean;
}

/** The parsed rows, ready to send, and the counts shown before sending. */
export interface CardRows extends ParsedCodes {
  /** Parallel to `codes`: each card's serial, or null. */
  serials: (string | null)[];
  /** Parallel to `codes`: each card's expiry (ISO instant), or null. */
  expiries: (string | null)[];
  /** Data rows in the file (the header left out, blank lines counted). */
  rows: number;
  /** Rows without a PIN and without a serial (blank lines included). */
  empty: number;
  /** Rows whose PIN appears earlier in the file (sent once; the server reports them as repeated). */
  duplicates: number;
}

/** Reasons found before sending, beside the server's (`too_long`, `control_character`). */
export type LocalInvalidReason =
  'too_long' | 'missing_pin' | 'serial_too_long' | 'expiry_invalid' | 'expiry_past';

/** Lower case, no Vietnamese marks (đ -> d), single spaces, no punctuation around. */
export function foldHeader(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const HEADER_WORDS: Record<ColumnRole, readonly string[]> = {
  serial: [
    'seri',
    'serial',
    'so seri',
    'so serial',
    'serial number',
    'serial no',
    'sn',
    's n',
    'seri the',
    'so seri the',
  ],
  code: [
    'ma the',
    'pin',
    'code',
    'ma',
    'ma pin',
    'pin code',
    'card code',
    'ma nap',
    'ma so',
    'ma code',
    'ma the pin',
    'card pin',
  ],
  expiry: [
    'han',
    'han su dung',
    'hsd',
    'han dung',
    'ngay het han',
    'het han',
    'expiry',
    'expires',
    'expiry date',
    'expiration',
    'expiration date',
    'expire',
    'exp',
    'expires at',
    'valid until',
  ],
};

/** What a header cell names, or null (another column: "Mệnh giá", "STT"...). */
export function headerRole(cell: string): ColumnRole | null {
  const folded = foldHeader(cell);
  if (folded === '') return null;
  for (const role of ['serial', 'code', 'expiry'] as const) {
    if (HEADER_WORDS[role].includes(folded)) return role;
  }
  return null;
}

/** Splits one record's text at `delimiter`, honouring RFC 4180 quotes. */
function splitRecord(record: string, delimiter: Exclude<Delimiter, null>): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < record.length; i += 1) {
    const char = record[i];
    if (quoted) {
      if (char === '"') {
        if (record[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        cell += char;
      }
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
      atStart = true;
      continue;
    } else if (char === '"' && atStart && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else {
      cell += char;
    }
    atStart = false;
  }
  cells.push(cell);
  return cells;
}

/** Cuts text into records: line breaks end a record except inside quotes (CSV only). */
function records(text: string, quotes: boolean): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let start = 0;
  let line = 1;
  let startLine = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quotes && char === '"') {
      quoted = !quoted;
      continue;
    }
    if (char !== '\n' && char !== '\r') continue;
    if (!quoted) out.push({ text: text.slice(start, i), line: startLine });
    if (char === '\r' && text[i + 1] === '\n') i += 1;
    line += 1;
    if (!quoted) {
      start = i + 1;
      startLine = line;
    }
  }
  // A final line break ends the last record; it does not start a new one.
  if (start < text.length) out.push({ text: text.slice(start), line: startLine });
  return out;
}

/** Counts a character outside quotes in one line. */
function countOutsideQuotes(line: string, char: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === char && !quoted) n += 1;
  }
  return n;
}

/**
 * Which delimiter a text uses, from its first non-blank line: a tab (spreadsheet columns)
 * wins; for a CSV file a comma or a semicolon (whichever is more frequent); for pasted
 * text or a .txt file a comma or semicolon only when that line is a recognised header
 * (a code may contain a comma). Null: one code per line.
 */
export function detectDelimiter(text: string, kind: 'csv' | 'text'): Delimiter {
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .find((line) => line.trim() !== '');
  if (first === undefined) return kind === 'csv' ? ',' : null;
  if (first.includes('\t')) return '\t';
  const commas = countOutsideQuotes(first, ',');
  const semicolons = countOutsideQuotes(first, ';');
  const best: Delimiter = semicolons > commas ? ';' : commas > 0 ? ',' : null;
  if (kind === 'csv') return best ?? ',';
  if (best && splitRecord(first, best).some((cell) => headerRole(cell) !== null)) return best;
  return null;
}

/** Splits a whole file or paste into rows of cells (the heavy part: run it in a worker). */
export function splitTable(text: string, kind: 'csv' | 'text'): SplitTable {
  const clean = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(clean, kind);
  const rows: string[][] = [];
  const lines: number[] = [];
  let columns = 0;
  for (const record of records(clean, delimiter !== null)) {
    const cells = delimiter === null ? [record.text] : splitRecord(record.text, delimiter);
    rows.push(cells);
    lines.push(record.line);
    if (cells.length > columns) columns = cells.length;
  }
  return { rows, lines, delimiter, columns: Math.max(columns, 1) };
}

function isBlankRow(row: readonly string[]): boolean {
  return row.every((cell) => normalizeCode(cell) === '');
}

/** The first non-blank row's index, or -1. */
export function firstContentRow(table: Pick<SplitTable, 'rows'>): number {
  return table.rows.findIndex((row) => !isBlankRow(row));
}

/**
 * The mapping a file suggests: from its header when one is recognised (then skipped),
 * else one column is the PIN; two or more without a header: the first is the PIN
 * (staff change it in the mapping).
 */
export function suggestMapping(table: Pick<SplitTable, 'rows'>): ColumnMapping {
  const first = firstContentRow(table);
  const header = first === -1 ? [] : (table.rows[first] ?? []);
  const roles = header.map(headerRole);
  const find = (role: ColumnRole) => {
    const index = roles.indexOf(role);
    return index === -1 ? null : index;
  };
  const serial = find('serial');
  const expiry = find('expiry');
  let code = find('code');
  const recognised = code !== null || serial !== null || expiry !== null;
  if (code === null) {
    // The PIN is the first column that is neither the serial nor the expiry.
    const free = header.findIndex(
      (_, index) => index !== serial && index !== expiry && roles[index] === null,
    );
    code = free === -1 ? 0 : free;
  }
  return { code, serial, expiry, header: recognised };
}

/** The instant at the end of a Vietnamese day (UTC+07:00): a card dated 31/12 works all that day. */
function endOfVietnamDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day, 23 - 7, 59, 59));
  // Reject 31/02 and the like: the day must survive the round trip.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return date.toISOString();
}

/**
 * An expiry cell as an ISO instant: `2027-12-31`, `31/12/2027`, `31-12-2027`,
 * `31.12.2027` (the day first, as Vietnam writes it: the end of that day in Vietnam), or
 * a full ISO date-time. Undefined when the cell cannot be read; null when it is blank.
 */
export function parseExpiry(cell: string): string | null | undefined {
  const text = cell.trim();
  if (text === '') return null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match)
    return endOfVietnamDay(Number(match[1]), Number(match[2]), Number(match[3])) ?? undefined;
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match)
    return endOfVietnamDay(Number(match[3]), Number(match[2]), Number(match[1])) ?? undefined;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) {
    const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text.replace(' ', 'T')}+07:00`;
    const instant = new Date(withZone.replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
  }
  return undefined;
}

const CONTEXT_LENGTH = 60;

function codePointLength(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

function context(text: string): string {
  const points = Array.from(text);
  return points.length > CONTEXT_LENGTH ? `${points.slice(0, CONTEXT_LENGTH).join('')}…` : text;
}

/**
 * The cards of a table under a mapping. A row without a PIN but with a serial is refused
 * here (`missing_pin`) rather than sent (the server would refuse the whole call); so are
 * serials over 64 characters, unreadable or past expiries, and PINs over 200 characters.
 * A repeated PIN is counted and sent (the server reports it as `repeated`).
 */
export function buildCardRows(
  table: Pick<SplitTable, 'rows' | 'lines'>,
  mapping: ColumnMapping,
  now: number = Date.now(),
): CardRows {
  const out: CardRows = {
    codes: [],
    lines: [],
    serials: [],
    expiries: [],
    skipped: 0,
    invalid: [],
    rows: 0,
    empty: 0,
    duplicates: 0,
  };
  const headerRow = mapping.header ? firstContentRow(table) : -1;
  const seen = new Set<string>();
  const cell = (row: readonly string[], index: number | null) =>
    index === null ? '' : normalizeCode(row[index] ?? '');
  table.rows.forEach((row, position) => {
    const line = table.lines[position] ?? position + 1;
    if (position === headerRow) {
      out.skipped += 1;
      return;
    }
    out.rows += 1;
    const code = cell(row, mapping.code);
    const serial = cell(row, mapping.serial);
    const expiryCell = cell(row, mapping.expiry);
    const refuse = (reason: LocalInvalidReason, shown: string) =>
      out.invalid.push({ line, reason, code: context(shown) });
    if (code === '' && serial === '') {
      // Blank lines too: counted, never sent.
      out.empty += 1;
      out.skipped += 1;
      return;
    }
    if (code === '') return refuse('missing_pin', serial);
    if (codePointLength(code) > SERIAL_CODE_LIMITS.codeMax) return refuse('too_long', code);
    if (codePointLength(serial) > SERIAL_MAX) return refuse('serial_too_long', serial);
    const expiry = parseExpiry(expiryCell);
    if (expiry === undefined) return refuse('expiry_invalid', expiryCell);
    if (expiry !== null && new Date(expiry).getTime() <= now)
      return refuse('expiry_past', expiryCell);
    if (seen.has(code)) out.duplicates += 1;
    else seen.add(code);
    out.codes.push(code);
    out.lines.push(line);
    out.serials.push(serial === '' ? null : serial);
    out.expiries.push(expiry);
  });
  return out;
}

/** The invalid rows found locally, as the import report lists them. */
export type { ImportInvalid };
