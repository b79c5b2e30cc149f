import { describe, expect, it } from 'vitest';
import {
  addChunkResult,
  codeSourceOf,
  emptySummary,
  firstCsvCell,
  normalizeCode,
  parseCodes,
  planImport,
  type BulkImportResult,
} from './code-import';

describe('parseCodes: text', () => {
  it('takes one code per line and strips BOM, CR and surrounding spaces, keeping case', () => {
    const parsed = parseCodes('\uFEFFAbc-1\r\n  DEF 2  \r\nghi3\n');
    expect(parsed.codes).toEqual(['Abc-1', 'DEF 2', 'ghi3']);
    expect(parsed.lines).toEqual([1, 2, 3]);
    expect(parsed.skipped).toBe(0);
  });

  it('skips blank lines but keeps the original line numbers', () => {
    const parsed = parseCodes('\n A \n\n\t\nB\r\rC');
    expect(parsed.codes).toEqual(['A', 'B', 'C']);
    expect(parsed.lines).toEqual([2, 5, 7]);
    expect(parsed.skipped).toBe(4);
  });

  it('does not treat "code" as a header in plain text', () => {
    expect(parseCodes('code\nX').codes).toEqual(['code', 'X']);
  });

  it('reports lines over 200 characters without sending them', () => {
    const long = 'x'.repeat(201);
    const parsed = parseCodes(`OK1\n${long}\n${'é'.repeat(200)}`);
    expect(parsed.codes).toEqual(['OK1', 'é'.repeat(200)]);
    expect(parsed.lines).toEqual([1, 3]);
    expect(parsed.invalid).toEqual([{ line: 2, reason: 'too_long', code: `${'x'.repeat(60)}…` }]);
  });

  it('counts a character outside the BMP once', () => {
    expect(parseCodes('😀'.repeat(200)).codes).toHaveLength(1);
  });

  it('returns nothing for empty input', () => {
    expect(parseCodes('')).toEqual({ codes: [], lines: [], skipped: 0, invalid: [] });
    expect(parseCodes('\n\n').codes).toEqual([]);
  });
});

describe('parseCodes: csv', () => {
  it('takes the first column and skips a header cell "code"', () => {
    const parsed = parseCodes('\uFEFFcode,note\r\nAAA-1,first\r\n"BB,2","x"\r\nCCC\r\n', 'csv');
    expect(parsed.codes).toEqual(['AAA-1', 'BB,2', 'CCC']);
    expect(parsed.lines).toEqual([2, 3, 4]);
    expect(parsed.skipped).toBe(1);
  });

  it('recognises the header after leading blank lines and in any case, only once', () => {
    const parsed = parseCodes('\n"Code",x\nA\ncode\n', 'csv');
    expect(parsed.codes).toEqual(['A', 'code']);
    expect(parsed.lines).toEqual([3, 4]);
  });

  it('keeps a first line that is not a header', () => {
    expect(parseCodes('A1,x\nA2', 'csv').codes).toEqual(['A1', 'A2']);
  });

  it('skips rows whose first cell is blank', () => {
    const parsed = parseCodes('A\n,note only\n  ,\nB', 'csv');
    expect(parsed.codes).toEqual(['A', 'B']);
    expect(parsed.lines).toEqual([1, 4]);
    expect(parsed.skipped).toBe(2);
  });
});

describe('helpers', () => {
  it('reads quoted CSV cells', () => {
    expect(firstCsvCell('"say ""hi""",2')).toBe('say "hi"');
    expect(firstCsvCell('plain')).toBe('plain');
    expect(firstCsvCell('"open')).toBe('open');
  });

  it('normalises like the server', () => {
    expect(normalizeCode('\uFEFF  aB \r')).toBe('aB');
  });

  it('knows .txt and .csv files', () => {
    expect(codeSourceOf('codes.TXT')).toBe('text');
    expect(codeSourceOf('export.csv')).toBe('csv');
    expect(codeSourceOf('image.png')).toBeNull();
  });
});

describe('planImport', () => {
  it('cuts 25,000 codes into chunks of 10,000 with their line numbers', () => {
    const codes = Array.from({ length: 25_000 }, (_, i) => `C${i}`);
    const lines = codes.map((_, i) => i * 2 + 1);
    const plan = planImport({ codes, lines });
    expect(plan.total).toBe(25_000);
    expect(plan.chunks.map((chunk) => chunk.codes.length)).toEqual([10_000, 10_000, 5_000]);
    expect(plan.chunks[1].codes[0]).toBe('C10000');
    expect(plan.chunks[1].lines[0]).toBe(20_001);
    expect(plan.chunks[2].lines.at(-1)).toBe(49_999);
  });

  it('also cuts by body size', () => {
    const codes = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(100, 'x'));
    const plan = planImport({ codes, lines: codes.map((_, i) => i + 1) }, 10_000, 1_000);
    expect(plan.chunks.length).toBeGreaterThan(1);
    expect(plan.chunks.flatMap((chunk) => chunk.codes)).toEqual(codes);
  });

  it('plans nothing for no codes', () => {
    expect(planImport({ codes: [], lines: [] }).chunks).toEqual([]);
  });
});

describe('addChunkResult', () => {
  it('maps each chunk’s indexes back to the user’s line numbers', () => {
    // Lines 1..7 with a blank line 3: codes on lines 1,2,4,5,6,7.
    const parsed = parseCodes('A\nB\n\nC\nA\nD\nE\u0007');
    const plan = planImport(parsed, 3);
    expect(plan.chunks.map((chunk) => chunk.lines)).toEqual([
      [1, 2, 4],
      [5, 6, 7],
    ]);

    let summary = emptySummary(plan.total, parsed.invalid);
    const first: BulkImportResult = {
      inserted: 2,
      duplicates: [{ index: 1, code: 'B', reason: 'exists' }],
      invalid: [],
    };
    summary = addChunkResult(summary, plan, 0, first);
    // In the second call the server sees "A" as already stored: it was line 1 of this file.
    const second: BulkImportResult = {
      inserted: 1,
      duplicates: [{ index: 0, code: 'A', reason: 'exists' }],
      invalid: [{ index: 2, reason: 'control_character' }],
    };
    summary = addChunkResult(summary, plan, 1, second);

    expect(summary.inserted).toBe(3);
    expect(summary.sent).toBe(6);
    expect(summary.total).toBe(6);
    expect(summary.duplicates).toEqual([
      { line: 2, code: 'B', reason: 'exists' },
      { line: 5, code: 'A', reason: 'repeated' },
    ]);
    expect(summary.invalid).toEqual([{ line: 7, reason: 'control_character', code: 'E\u0007' }]);
  });

  it('keeps the server’s "repeated" within a chunk and merges local invalid lines in order', () => {
    const parsed = parseCodes(`X\n${'y'.repeat(300)}\nX`);
    const plan = planImport(parsed);
    let summary = emptySummary(plan.total, parsed.invalid);
    summary = addChunkResult(summary, plan, 0, {
      inserted: 1,
      duplicates: [{ index: 1, code: 'X', reason: 'repeated' }],
      invalid: [],
    });
    expect(summary.duplicates).toEqual([{ line: 3, code: 'X', reason: 'repeated' }]);
    expect(summary.invalid.map((entry) => entry.line)).toEqual([2]);
    expect(summary.invalid[0].reason).toBe('too_long');
  });
});
