import { describe, expect, it } from 'vitest';
import { formatCountdown, msUntil } from './countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours only when needed', () => {
    expect(formatCountdown(15 * 60 * 1000)).toBe('15:00');
    expect(formatCountdown(14 * 60 * 1000 + 59_000)).toBe('14:59');
    expect(formatCountdown(9_000)).toBe('00:09');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(25 * 3600 * 1000)).toBe('25:00:00');
  });

  it('rounds up partial seconds and stops at zero', () => {
    expect(formatCountdown(500)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });
});

describe('msUntil', () => {
  it('counts down to an RFC 3339 instant', () => {
    const now = Date.parse('2026-11-22T03:00:00Z');
    expect(msUntil('2026-11-22T10:15:00+07:00', now)).toBe(15 * 60 * 1000);
    expect(msUntil('2026-11-22T02:00:00Z', now)).toBe(0);
    expect(msUntil('soon', now)).toBeNaN();
    expect(msUntil(null, now)).toBeNaN();
  });
});
