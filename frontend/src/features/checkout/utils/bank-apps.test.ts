import { describe, expect, it } from 'vitest';
import { BANK_APPS, bankAppLink, canDeepLink } from './bank-apps';

const payment = {
  bankBin: '970436',
  accountNumber: '0011001234567',
  transferContent: 'DH7K2M9QXA',
};

describe('bankAppLink', () => {
  it('builds the VietQR deep link with the app, account@bank, amount and memo', () => {
    expect(bankAppLink('vcb', payment, 150000)).toBe(
      'https://dl.vietqr.io/pay?app=vcb&ba=0011001234567@970436&am=150000&tn=DH7K2M9QXA',
    );
  });

  it('encodes a memo with spaces and trims the fields', () => {
    const link = bankAppLink(
      'mb',
      { bankBin: ' 970422 ', accountNumber: ' 123 ', transferContent: 'DH1 thanh toan' },
      5000,
    );
    expect(link).toBe('https://dl.vietqr.io/pay?app=mb&ba=123@970422&am=5000&tn=DH1+thanh+toan');
    expect(new URL(link ?? '').searchParams.get('tn')).toBe('DH1 thanh toan');
  });

  it('gives no link without a bank, an account, a memo or a positive whole amount', () => {
    expect(bankAppLink('vcb', { ...payment, bankBin: null }, 1000)).toBeNull();
    expect(bankAppLink('vcb', { ...payment, accountNumber: '' }, 1000)).toBeNull();
    expect(bankAppLink('vcb', { ...payment, transferContent: ' ' }, 1000)).toBeNull();
    expect(bankAppLink('vcb', payment, 0)).toBeNull();
    expect(bankAppLink('vcb', payment, 10.5)).toBeNull();
    expect(bankAppLink('', payment, 1000)).toBeNull();
    expect(canDeepLink(payment, 1000)).toBe(true);
  });

  it('lists the popular apps once each, VietinBank as icb', () => {
    const ids = BANK_APPS.map((app) => app.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['vcb', 'tcb', 'mb', 'acb', 'vpb', 'tpb', 'bidv', 'icb', 'vba']),
    );
    expect(BANK_APPS.find((app) => app.id === 'icb')?.name).toBe('VietinBank');
  });
});
