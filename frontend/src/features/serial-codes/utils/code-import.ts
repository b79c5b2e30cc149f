/**
 * Bulk import of serial codes, the browser's part: read pasted text or a .txt/.csv file
 * into codes (one per line), send them in chunks well under the server's limits, and
 * merge the chunks' answers into one report whose positions are the user's own line
 * numbers.
 */

import { SERIAL_CODE_LIMITS } from '@/config/limits';
import type { ApiSchema } from '@/lib/api/schemas';

/** Codes per CreateBulk call: a fifth of the server's `SERIAL_CODE_LIMITS.bulkMaxCodes`. */
export const IMPORT_CHUNK_SIZE = SERIAL_CODE_LIMITS.bulkMaxCodes / 5;
/** Upper bound of one call's body: half the server's `SERIAL_CODE_LIMITS.bulkBodyBytes`. */
export const IMPORT_CHUNK_MAX_BYTES = SERIAL_CODE_LIMITS.bulkBodyBytes / 2;

export type CodeSource = 'text' | 'csv';

/** CreateBulk's answer; indexes are positions in that call's `codes`. */
export type BulkImportResult = ApiSchema<'CreateBulkResult'>;

export type DuplicateReason = BulkImportResult['duplicates'][number]['reason'];

export interface ImportDuplicate {
  /** 1-based line in the user's text or file. */
  line: number;
  code: string;
  reason: DuplicateReason;
}

export interface ImportInvalid {
  line: number;
  /** The server's reason (`too_long`, `control_character`, ...). */
  reason: string;
  /** The start of the line, for context. */
  code: string;
}

export interface ParsedCodes {
  /** Codes to send, normalised, in file order. */
  codes: string[];
  /** `lines[i]` is the 1-based line `codes[i]` came from. */
  lines: number[];
  /** Blank lines and the CSV header. */
  skipped: number;
  /** Lines refused before sending (too long). */
  invalid: ImportInvalid[];
}

export interface CodeChunk {
  codes: string[];
  lines: number[];
  /** Parallel to `codes` when the file maps a serial column. */
  serials?: (string | null)[];
  /** Parallel to `codes` when the file maps an expiry column (ISO instants). */
  expiries?: (string | null)[];
}

export interface ImportPlan {
  total: number;
  chunks: CodeChunk[];
  /** The first line of each distinct code: tells a repeat across chunks from a stored code. */
  firstLine: Map<string, number>;
}

export interface ImportSummary {
  inserted: number;
  duplicates: ImportDuplicate[];
  invalid: ImportInvalid[];
  /** Codes sent so far (answered chunks). */
  sent: number;
  total: number;
}

const CONTEXT_LENGTH = 60;

/** Which reader a file needs, from its name; null for anything else. */
export function codeSourceOf(fileName: string): CodeSource | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.tsv')) return 'csv';
  if (lower.endsWith('.txt')) return 'text';
  return null;
}

/** As the server normalises: strip a BOM, CR and surrounding white space; keep case. */
export function normalizeCode(raw: string): string {
  return raw.replace(/^[\s\uFEFF]+|[\s\uFEFF]+$/g, '');
}

/** The first cell of a CSV line (RFC 4180 quoting: `"a,b"`, `"say ""hi"""`). */
export function firstCsvCell(line: string): string {
  const text = line.replace(/^[\s\uFEFF]+/, '');
  if (!text.startsWith('"')) {
    const comma = text.indexOf(',');
    return comma === -1 ? text : text.slice(0, comma);
  }
  let cell = '';
  for (let i = 1; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') {
      if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else {
        return cell;
      }
    } else {
      cell += char;
    }
  }
  // An unterminated quote: take the rest as written.
  return cell;
}

function codePointLength(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

function context(code: string): string {
  const points = Array.from(code);
  return points.length > CONTEXT_LENGTH ? `${points.slice(0, CONTEXT_LENGTH).join('')}…` : code;
}

/**
 * Splits text into codes, one per line (`\n`, `\r\n` or `\r`). For CSV the first column
 * is the code and a first cell `code` (any case) on the first non-blank line is a
 * header. Blank lines are skipped; lines longer than the server allows are reported.
 */
export function parseCodes(text: string, source: CodeSource = 'text'): ParsedCodes {
  const result: ParsedCodes = { codes: [], lines: [], skipped: 0, invalid: [] };
  if (text === '') return result;
  const rows = text.split(/\r\n|\r|\n/);
  // A final line break ends the last line; it does not start a new one.
  if (rows.length > 1 && rows[rows.length - 1] === '') rows.pop();
  let seenContent = false;

  rows.forEach((row, position) => {
    const line = position + 1;
    const code = normalizeCode(source === 'csv' ? firstCsvCell(row) : row);
    if (code === '') {
      result.skipped += 1;
      return;
    }
    const isFirst = !seenContent;
    seenContent = true;
    if (source === 'csv' && isFirst && code.toLowerCase() === 'code') {
      result.skipped += 1;
      return;
    }
    if (codePointLength(code) > SERIAL_CODE_LIMITS.codeMax) {
      result.invalid.push({ line, reason: 'too_long', code: context(code) });
      return;
    }
    result.codes.push(code);
    result.lines.push(line);
  });
  return result;
}

/** An upper bound of a code's bytes in the JSON body (quotes, escapes, comma, UTF-8). */
function jsonBytesBound(code: string): number {
  return JSON.stringify(code).length * 3 + 1;
}

/** The same for a card of `items`: its PIN, serial and expiry with their keys. */
const ITEM_KEYS_BYTES = '{"code":,"serial":,"expiresAt":}'.length;

/** Cuts the codes into calls of at most `chunkSize` codes and `maxBytes` of codes. */
export function planImport(
  parsed: Pick<ParsedCodes, 'codes' | 'lines'> & Pick<CodeChunk, 'serials' | 'expiries'>,
  chunkSize: number = IMPORT_CHUNK_SIZE,
  maxBytes: number = IMPORT_CHUNK_MAX_BYTES,
): ImportPlan {
  const chunks: CodeChunk[] = [];
  const firstLine = new Map<string, number>();
  const cards = parsed.serials !== undefined || parsed.expiries !== undefined;
  const empty = (): CodeChunk =>
    cards ? { codes: [], lines: [], serials: [], expiries: [] } : { codes: [], lines: [] };
  let current = empty();
  let bytes = 0;

  parsed.codes.forEach((code, i) => {
    const line = parsed.lines[i] ?? i + 1;
    if (!firstLine.has(code)) firstLine.set(code, line);
    const serial = parsed.serials?.[i] ?? null;
    const expiry = parsed.expiries?.[i] ?? null;
    const size = cards
      ? jsonBytesBound(code) +
        jsonBytesBound(serial ?? '') +
        jsonBytesBound(expiry ?? '') +
        ITEM_KEYS_BYTES
      : jsonBytesBound(code);
    if (
      current.codes.length > 0 &&
      (current.codes.length >= chunkSize || bytes + size > maxBytes)
    ) {
      chunks.push(current);
      current = empty();
      bytes = 0;
    }
    current.codes.push(code);
    current.lines.push(line);
    current.serials?.push(serial);
    current.expiries?.push(expiry);
    bytes += size;
  });
  if (current.codes.length > 0) chunks.push(current);
  return { total: parsed.codes.length, chunks, firstLine };
}

export function emptySummary(
  total: number,
  localInvalid: readonly ImportInvalid[] = [],
): ImportSummary {
  return { inserted: 0, duplicates: [], invalid: [...localInvalid], sent: 0, total };
}

/**
 * Adds one chunk's answer to the summary: its indexes become the user's line numbers,
 * and a code the server calls `exists` only because an earlier chunk of this same import
 * stored it is reported as `repeated` (a repeat in the user's file).
 */
export function addChunkResult(
  summary: ImportSummary,
  plan: ImportPlan,
  chunkIndex: number,
  result: BulkImportResult,
): ImportSummary {
  const chunk = plan.chunks[chunkIndex];
  if (!chunk) return summary;
  const lineOf = (index: number) => chunk.lines[index] ?? index + 1;

  const duplicates = result.duplicates.map((duplicate): ImportDuplicate => {
    const line = lineOf(duplicate.index);
    const code = chunk.codes[duplicate.index] ?? duplicate.code;
    const first = plan.firstLine.get(code);
    const repeated = duplicate.reason === 'repeated' || (first !== undefined && first < line);
    return { line, code: duplicate.code || code, reason: repeated ? 'repeated' : 'exists' };
  });
  const invalid = result.invalid.map((entry): ImportInvalid => ({
    line: lineOf(entry.index),
    reason: entry.reason,
    code: context(chunk.codes[entry.index] ?? ''),
  }));

  return {
    ...summary,
    inserted: summary.inserted + result.inserted,
    duplicates: [...summary.duplicates, ...duplicates],
    invalid: [...summary.invalid, ...invalid].sort((a, b) => a.line - b.line),
    sent: summary.sent + chunk.codes.length,
  };
}
