import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, vietQrWithAmount } from './vietqr';

// paymentprovider's own hand-checked sample (src/vietqr.rs): 970436 / 0011001234567, 100 000 VND, DH12345678.
const BODY_100K =
  '000201010212385700' +
  '10A00000072701270006970436011300110012345670208QRIBFTTA53037045406100000' +
  '5802VN62140810DH12345678';

function signed(body: string): string {
  const text = `${body}6304`;
  return `${text}${crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0')}`;
}

describe('vietQrWithAmount', () => {
  it('computes the CRC the way NAPAS checks it', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it('asks for the remainder: only tag 54 and the CRC change', () => {
    const full = signed(BODY_100K);
    const rest = vietQrWithAmount(full, 40000);
    expect(rest).toBe(signed(BODY_100K.replace('5406100000', '540540000')));
    expect(rest).toContain('5802VN62140810DH12345678');
  });

  it('gives back the same string for the same amount', () => {
    const full = signed(BODY_100K);
    expect(vietQrWithAmount(full, 100000)).toBe(full);
  });

  it.each([
    ['not TLV', 'hello', 1000],
    ['no amount field', signed(BODY_100K.replace('5406100000', '')), 1000],
    ['no CRC', BODY_100K, 1000],
    ['non-ASCII', signed(BODY_100K.replace('DH12345678', 'ĐH1234567')), 1000],
    ['zero', signed(BODY_100K), 0],
    ['a fraction', signed(BODY_100K), 10.5],
  ])('refuses %s', (_, payload, amount) => {
    expect(vietQrWithAmount(payload, amount)).toBeNull();
  });
});
