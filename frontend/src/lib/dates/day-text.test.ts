import { describe, expect, it } from 'vitest';
import { isoDayToText, textToIsoDay } from './day-text';

describe('dd/mm/yyyy days', () => {
  it('writes an ISO day as dd/mm/yyyy', () => {
    expect(isoDayToText('2026-11-05')).toBe('05/11/2026');
    expect(isoDayToText('')).toBe('');
    expect(isoDayToText('05/11/2026')).toBe('');
  });

  it('reads dd/mm/yyyy with one or two digits and / - . separators', () => {
    expect(textToIsoDay('05/11/2026')).toBe('2026-11-05');
    expect(textToIsoDay(' 5/1/2026 ')).toBe('2026-01-05');
    expect(textToIsoDay('31-12-2026')).toBe('2026-12-31');
    expect(textToIsoDay('29.02.2028')).toBe('2028-02-29');
  });

  it('refuses what is not a real day', () => {
    for (const text of [
      '',
      '2026-11-05',
      '31/11/2026',
      '29/02/2027',
      '00/01/2026',
      '12/13/2026',
      '1/1/26',
      'abc',
    ]) {
      expect(textToIsoDay(text)).toBeNull();
    }
  });
});
