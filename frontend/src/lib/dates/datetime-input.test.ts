import { describe, expect, it } from 'vitest';
import {
  dateTimeTextToPickerValue,
  fromDateTimeInputValue,
  normalizeDateTimeText,
  pickerValueToDateTimeText,
  toDateTimeInputValue,
} from './datetime-input';

describe('dd/mm/yyyy HH:mm conversions', () => {
  it('reads 31/12/2027 23:59 as that local moment', () => {
    expect(fromDateTimeInputValue('31/12/2027 23:59')).toBe(
      new Date(2027, 11, 31, 23, 59).toISOString(),
    );
    expect(fromDateTimeInputValue(' 1/2/2027 9:05 ')).toBe(
      new Date(2027, 1, 1, 9, 5).toISOString(),
    );
    expect(fromDateTimeInputValue('01.02.2027 09:05')).toBe(
      new Date(2027, 1, 1, 9, 5).toISOString(),
    );
  });

  it('round-trips an instant through the text', () => {
    const text = toDateTimeInputValue('2026-12-31T10:15:00Z');
    expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(fromDateTimeInputValue(text)).toBe('2026-12-31T10:15:00.000Z');
    expect(toDateTimeInputValue(new Date(2027, 0, 5, 7, 3).toISOString())).toBe('05/01/2027 07:03');
  });

  it('treats empty as null and anything that is not a real moment as invalid', () => {
    expect(toDateTimeInputValue(null)).toBe('');
    expect(toDateTimeInputValue('nope')).toBe('');
    expect(fromDateTimeInputValue('')).toBeNull();
    expect(fromDateTimeInputValue('   ')).toBeNull();
    for (const text of [
      '31/02/2027 10:00',
      '29/02/2027 10:00',
      '12/13/2027 10:00',
      '31/12/2027 24:00',
      '31/12/2027 23:60',
      '31/12/2027',
      '2027-12-31T23:59',
      'mai',
    ]) {
      expect(fromDateTimeInputValue(text), text).toBeUndefined();
    }
    expect(fromDateTimeInputValue('29/02/2028 10:00')).toBe(
      new Date(2028, 1, 29, 10, 0).toISOString(),
    );
  });

  it('converts to and from the native picker and tidies what was typed', () => {
    expect(dateTimeTextToPickerValue('31/12/2027 23:59')).toBe('2027-12-31T23:59');
    expect(dateTimeTextToPickerValue('31/02/2027 23:59')).toBe('');
    expect(pickerValueToDateTimeText('2027-12-31T23:59')).toBe('31/12/2027 23:59');
    expect(pickerValueToDateTimeText('')).toBe('');
    expect(normalizeDateTimeText('1/2/2027 9:05')).toBe('01/02/2027 09:05');
    expect(normalizeDateTimeText('31/02/2027 9:05')).toBe('31/02/2027 9:05');
  });
});
