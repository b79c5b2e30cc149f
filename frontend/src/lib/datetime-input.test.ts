import { describe, expect, it } from 'vitest';
import { fromDateTimeInputValue, toDateTimeInputValue } from './datetime-input';

describe('datetime-local conversions', () => {
  it('round-trips an instant through the input value', () => {
    const value = toDateTimeInputValue('2026-12-31T10:15:00Z');
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromDateTimeInputValue(value)).toBe('2026-12-31T10:15:00.000Z');
  });

  it('treats empty as null and garbage as invalid', () => {
    expect(toDateTimeInputValue(null)).toBe('');
    expect(toDateTimeInputValue('nope')).toBe('');
    expect(fromDateTimeInputValue('')).toBeNull();
    expect(fromDateTimeInputValue('31/12/2026')).toBeUndefined();
  });
});
