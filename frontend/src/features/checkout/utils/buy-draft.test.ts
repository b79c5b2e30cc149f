import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBuyDraft, loadBuyDraft, saveBuyDraft } from './buy-draft';

const values = {
  quantity: '2',
  email: 'an@example.com',
  phone: '0912345678',
  customerName: 'An',
  paymentProviderId: 'p1',
};

describe('buy-now drafts', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('keeps what was typed per product, without the payment method', () => {
    saveBuyDraft('a', values);
    expect(loadBuyDraft('a')).toEqual({
      quantity: '2',
      email: 'an@example.com',
      phone: '0912345678',
      customerName: 'An',
    });
    expect(loadBuyDraft('b')).toBeNull();
    expect(window.sessionStorage.getItem('shop_buy_draft:a')).not.toContain('p1');
  });

  it('drops the draft when the form is emptied, and on clear', () => {
    saveBuyDraft('a', values);
    saveBuyDraft('a', { ...values, email: '', phone: '', customerName: '' });
    expect(loadBuyDraft('a')).toBeNull();
    saveBuyDraft('a', values);
    clearBuyDraft('a');
    expect(loadBuyDraft('a')).toBeNull();
  });

  it('reads garbage as nothing and keeps only string fields', () => {
    window.sessionStorage.setItem('shop_buy_draft:a', '{not json');
    expect(loadBuyDraft('a')).toBeNull();
    window.sessionStorage.setItem(
      'shop_buy_draft:a',
      JSON.stringify({ email: 'x@y.z', phone: 12, quantity: null }),
    );
    expect(loadBuyDraft('a')).toEqual({
      quantity: '',
      email: 'x@y.z',
      phone: '',
      customerName: '',
    });
  });

  it('survives a storage that throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => saveBuyDraft('a', values)).not.toThrow();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(loadBuyDraft('a')).toBeNull();
  });
});
