import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/testing/jwt';
import { decodeJwtPayload, isTokenValid } from './token';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe('isTokenValid', () => {
  it('rejects a missing token', () => {
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid(undefined, NOW)).toBe(false);
    expect(isTokenValid({}, NOW)).toBe(false);
    expect(isTokenValid({ accessToken: '' }, NOW)).toBe(false);
  });

  it('rejects an expired token and one expiring right now', () => {
    expect(isTokenValid({ accessToken: makeJwt({ exp: nowSeconds - 60 }) }, NOW)).toBe(false);
    expect(isTokenValid({ accessToken: makeJwt({ exp: nowSeconds }) }, NOW)).toBe(false);
  });

  it('accepts a token whose exp (seconds) is later than now', () => {
    expect(isTokenValid({ accessToken: makeJwt({ exp: nowSeconds + 1 }) }, NOW)).toBe(true);
    expect(
      isTokenValid({ accessToken: makeJwt({ exp: nowSeconds + 3600, sub: 'Nguyễn' }) }, NOW),
    ).toBe(true);
  });

  it('rejects garbage', () => {
    expect(isTokenValid('not-an-object', NOW)).toBe(false);
    expect(isTokenValid({ accessToken: 'garbage' }, NOW)).toBe(false);
    expect(isTokenValid({ accessToken: 'a.b.c' }, NOW)).toBe(false);
    expect(isTokenValid({ accessToken: 'a.!!!.c' }, NOW)).toBe(false);
    expect(isTokenValid({ accessToken: makeJwt({ sub: 'x' }) }, NOW)).toBe(false);
    expect(isTokenValid({ accessToken: makeJwt({ exp: String(nowSeconds + 3600) }) }, NOW)).toBe(
      false,
    );
    expect(isTokenValid({ accessToken: 42 }, NOW)).toBe(false);
  });
});

describe('decodeJwtPayload', () => {
  it('decodes base64url payloads, including multi-byte characters', () => {
    expect(decodeJwtPayload(makeJwt({ name: 'Trần Thị Ánh', n: 1 }))).toEqual({
      name: 'Trần Thị Ánh',
      n: 1,
    });
  });

  it('returns null for a payload that is not a JSON object', () => {
    expect(decodeJwtPayload(`x.${btoa('[1,2]')}.y`)).toBeNull();
    expect(decodeJwtPayload('only.two')).toBeNull();
  });
});
