import { describe, expect, it } from 'vitest';
import {
  buildCardRows,
  detectDelimiter,
  foldHeader,
  headerRole,
  parseExpiry,
  splitTable,
  suggestMapping,
} from './card-table';
import { planImport } from './code-import';

const NOW = Date.parse('2026-11-27T00:00:00Z');

/** A supplier's file: serial, PIN, face value, ten cards. */
const SUPPLIER = [
  '\uFEFFSeri,Mã thẻ,Mệnh giá',
  ...Array.from({ length: 10 }, (_, i) => `1000012345${i},91234567890${i},100000`),
  '',
].join('\r\n');

describe('headers', () => {
  it('folds Vietnamese marks, case and punctuation', () => {
    expect(foldHeader(' Mã thẻ: ')).toBe('ma the');
    expect(foldHeader('Số Seri')).toBe('so seri');
    expect(foldHeader('HẠN SỬ DỤNG')).toBe('han su dung');
    expect(foldHeader('Đơn vị')).toBe('don vi');
  });

  it('recognises Vietnamese and English names of the serial, the PIN and the expiry', () => {
    for (const serial of ['Seri', 'Serial', 'Số seri', 'SERIAL NUMBER', 'số serial'])
      expect(headerRole(serial)).toBe('serial');
    for (const code of ['Mã thẻ', 'PIN', 'Code', 'Mã', 'mã pin', 'Mã nạp'])
      expect(headerRole(code)).toBe('code');
    for (const expiry of [
      'Hạn',
      'Hạn sử dụng',
      'HSD',
      'Expiry',
      'Expires',
      'Ngày hết hạn',
      'Expiration date',
    ]) {
      expect(headerRole(expiry)).toBe('expiry');
    }
    for (const other of ['Mệnh giá', 'STT', 'Giá', '', 'Nhà mạng'])
      expect(headerRole(other)).toBeNull();
  });
});

describe('splitTable', () => {
  it('reads a CSV file with quotes, CRLF and a BOM', () => {
    const table = splitTable(
      '\uFEFFSeri,Mã thẻ\r\n"100,1","PIN ""A"""\r\n\r\n200,PIN-B\r\n',
      'csv',
    );
    expect(table.delimiter).toBe(',');
    expect(table.rows).toEqual([['Seri', 'Mã thẻ'], ['100,1', 'PIN "A"'], [''], ['200', 'PIN-B']]);
    expect(table.lines).toEqual([1, 2, 3, 4]);
    expect(table.columns).toBe(2);
  });

  it('keeps a quoted line break inside its cell and numbers lines as written', () => {
    const table = splitTable('a,"x\ny"\nb,z\n', 'csv');
    expect(table.rows).toEqual([
      ['a', 'x\ny'],
      ['b', 'z'],
    ]);
    expect(table.lines).toEqual([1, 3]);
  });

  it('takes columns pasted from a spreadsheet (tabs)', () => {
    const table = splitTable('Serial\tPIN\tExpiry\n111\tAAA\t31/12/2027\n222\tBBB\t\n', 'text');
    expect(table.delimiter).toBe('\t');
    expect(table.rows[1]).toEqual(['111', 'AAA', '31/12/2027']);
  });

  it('keeps one code per line in pasted text, commas included, unless the first line is a header', () => {
    expect(detectDelimiter('ABC,1\nDEF,2', 'text')).toBeNull();
    expect(splitTable('ABC,1\nDEF,2', 'text').rows).toEqual([['ABC,1'], ['DEF,2']]);
    expect(detectDelimiter('Seri,Mã thẻ\n1,2', 'text')).toBe(',');
    expect(detectDelimiter('Seri;Mã thẻ;Mệnh giá\n1;2;3', 'csv')).toBe(';');
    expect(detectDelimiter('ONLYCODE\n', 'csv')).toBe(',');
  });
});

describe('suggestMapping', () => {
  it('maps a supplier header and skips it', () => {
    expect(suggestMapping(splitTable(SUPPLIER, 'csv'))).toEqual({
      code: 1,
      serial: 0,
      expiry: null,
      header: true,
    });
    expect(suggestMapping(splitTable('\nHạn sử dụng\tSố seri\tPIN\n', 'text'))).toEqual({
      code: 2,
      serial: 1,
      expiry: 0,
      header: true,
    });
  });

  it('without a header: the first column is the PIN and nothing is skipped', () => {
    expect(suggestMapping(splitTable('111,AAA\n222,BBB', 'csv'))).toEqual({
      code: 0,
      serial: null,
      expiry: null,
      header: false,
    });
  });

  it('a header naming only the serial: the PIN is the first other unnamed column', () => {
    expect(suggestMapping(splitTable('Seri,Thẻ cào\n1,2', 'csv'))).toEqual({
      code: 1,
      serial: 0,
      expiry: null,
      header: true,
    });
  });
});

describe('parseExpiry', () => {
  it('reads Vietnamese and ISO dates as the end of that day in Vietnam', () => {
    expect(parseExpiry('31/12/2027')).toBe('2027-12-31T16:59:59.000Z');
    expect(parseExpiry('2027-12-31')).toBe('2027-12-31T16:59:59.000Z');
    expect(parseExpiry('1.2.2028')).toBe('2028-02-01T16:59:59.000Z');
    expect(parseExpiry('2027-06-30 08:00')).toBe('2027-06-30T01:00:00.000Z');
    expect(parseExpiry('2027-06-30T08:00:00Z')).toBe('2027-06-30T08:00:00.000Z');
  });

  it('is null when blank and undefined when unreadable', () => {
    expect(parseExpiry('  ')).toBeNull();
    expect(parseExpiry('31/02/2027')).toBeUndefined();
    expect(parseExpiry('soon')).toBeUndefined();
  });
});

describe('buildCardRows', () => {
  it('turns a supplier file into ten cards, PIN and serial, without the header', () => {
    const table = splitTable(SUPPLIER, 'csv');
    const cards = buildCardRows(table, suggestMapping(table), NOW);
    expect(cards.codes).toHaveLength(10);
    expect(cards.codes[0]).toBe('912345678900');
    expect(cards.serials[0]).toBe('10000123450');
    expect(cards.lines[0]).toBe(2);
    expect(cards).toMatchObject({ rows: 10, empty: 0, duplicates: 0, invalid: [], skipped: 1 });
  });

  it('counts empty rows and repeated PINs, and refuses a serial without its PIN', () => {
    const text = [
      'Seri\tMã thẻ\tHạn',
      '1\tAAA\t31/12/2030',
      '\t\t',
      '2\tBBB\t',
      '3\tAAA\t',
      '4\t \t',
      '5\tCCC\t01/01/2020',
      '6\tDDD\tmai',
    ].join('\n');
    const table = splitTable(text, 'text');
    const cards = buildCardRows(table, suggestMapping(table), NOW);
    expect(cards.codes).toEqual(['AAA', 'BBB', 'AAA']);
    expect(cards.serials).toEqual(['1', '2', '3']);
    expect(cards.expiries).toEqual(['2030-12-31T16:59:59.000Z', null, null]);
    expect(cards.rows).toBe(7);
    expect(cards.empty).toBe(1);
    expect(cards.duplicates).toBe(1);
    expect(cards.invalid).toEqual([
      { line: 6, reason: 'missing_pin', code: '4' },
      { line: 7, reason: 'expiry_past', code: '01/01/2020' },
      { line: 8, reason: 'expiry_invalid', code: 'mai' },
    ]);
  });

  it('follows a changed mapping and a header turned off', () => {
    const table = splitTable('111,AAA\n222,BBB', 'csv');
    const cards = buildCardRows(table, { code: 1, serial: 0, expiry: null, header: false }, NOW);
    expect(cards.codes).toEqual(['AAA', 'BBB']);
    expect(cards.serials).toEqual(['111', '222']);
  });

  it('refuses a serial over 64 characters and a PIN over 200', () => {
    const table = splitTable(`${'9'.repeat(65)},PIN\n1,${'x'.repeat(201)}`, 'csv');
    const cards = buildCardRows(table, { code: 1, serial: 0, expiry: null, header: false }, NOW);
    expect(cards.codes).toEqual([]);
    expect(cards.invalid.map((entry) => entry.reason)).toEqual(['serial_too_long', 'too_long']);
  });

  it('splits 50,000 cards into calls within CreateBulk limits, serials travelling with their PINs', () => {
    const lines = ['Seri,Mã thẻ'];
    for (let i = 0; i < 50_000; i += 1) lines.push(`S${i},P${i}`);
    const table = splitTable(lines.join('\n'), 'csv');
    const started = performance.now();
    const cards = buildCardRows(table, suggestMapping(table), NOW);
    expect(performance.now() - started).toBeLessThan(2_000);
    const plan = planImport(cards);
    expect(plan.total).toBe(50_000);
    expect(plan.chunks).toHaveLength(5);
    const last = plan.chunks[4];
    expect(last?.codes[9_999]).toBe('P49999');
    expect(last?.serials?.[9_999]).toBe('S49999');
    expect(last?.lines[9_999]).toBe(50_001);
  });
});
