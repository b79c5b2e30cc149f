import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './url';

describe('safeExternalUrl', () => {
  it('keeps http(s) addresses only', () => {
    expect(safeExternalUrl('https://facebook.com/shop')).toBe('https://facebook.com/shop');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
