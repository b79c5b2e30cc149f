import { describe, expect, it } from 'vitest';
import { mailtoHref, safeExternalUrl, telHref } from './url';

describe('safeExternalUrl', () => {
  it('keeps http(s) addresses only', () => {
    expect(safeExternalUrl('https://facebook.com/shop')).toBe('https://facebook.com/shop');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});

describe('contact links', () => {
  it('makes mailto: from an address, nothing from text that is not one', () => {
    expect(mailtoHref(' hotro@shop.vn ')).toBe('mailto:hotro@shop.vn');
    expect(mailtoHref('hotro@shop.vn?cc=x@y.z')).toBeNull();
    expect(mailtoHref('no address')).toBeNull();
    expect(mailtoHref(null)).toBeNull();
  });

  it('makes tel: from the digits and a leading +', () => {
    expect(telHref('0901 234 567')).toBe('tel:0901234567');
    expect(telHref('+84 (90) 123-4567')).toBe('tel:+84901234567');
    expect(telHref('gọi Zalo')).toBeNull();
  });
});
