import { describe, expect, it } from 'vitest';
import {
  buyNowSchema,
  formFieldOf,
  isVietnamesePhone,
  type BuyNowFormValues,
} from './buy-now-schema';

const product = { id: 'p-1', minPerOrder: 2, maxPerOrder: 5 };
const valid: BuyNowFormValues = {
  quantity: '2',
  email: 'an@example.com',
  phone: '',
  customerName: '',
  paymentProviderId: 'pp-1',
};

function errorsOf(values: Partial<BuyNowFormValues>): Record<string, string> {
  const result = buyNowSchema(product).safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('buyNowSchema', () => {
  it('builds the CreateOrder body', () => {
    expect(
      buyNowSchema(product).parse({
        ...valid,
        quantity: '3',
        phone: '091 234 5678',
        customerName: ' An ',
      }),
    ).toEqual({
      items: [{ productId: 'p-1', quantity: 3 }],
      email: 'an@example.com',
      phone: '0912345678',
      customerName: 'An',
      paymentProviderId: 'pp-1',
    });
    expect(buyNowSchema(product).parse(valid)).toMatchObject({ phone: null, customerName: null });
  });

  it('keeps the quantity within the product min/max', () => {
    expect(errorsOf({ quantity: '' })).toEqual({ quantity: 'Nhập số lượng' });
    expect(errorsOf({ quantity: '1' })).toEqual({ quantity: 'Số lượng từ 2 đến 5' });
    expect(errorsOf({ quantity: '6' })).toEqual({ quantity: 'Số lượng từ 2 đến 5' });
    expect(errorsOf({ quantity: '2.5' })).toEqual({ quantity: 'Số lượng từ 2 đến 5' });
    expect(errorsOf({ quantity: '5' })).toEqual({});
  });

  it('requires a valid email and a provider', () => {
    expect(errorsOf({ email: ' ' })).toEqual({ email: 'Nhập email' });
    expect(errorsOf({ email: 'an@' })).toEqual({ email: 'Email không hợp lệ' });
    expect(errorsOf({ paymentProviderId: '' })).toEqual({
      paymentProviderId: 'Chọn phương thức thanh toán',
    });
  });

  it('accepts Vietnamese phone numbers only', () => {
    for (const phone of [
      '0912345678',
      '+84912345678',
      '84 912 345 678',
      '0328.123.456',
      '02838123456',
    ])
      expect(isVietnamesePhone(phone)).toBe(true);
    for (const phone of ['091234567', '1234567890', '0112345678', '+1 202 555 0100', 'abc'])
      expect(isVietnamesePhone(phone)).toBe(false);
    expect(errorsOf({ phone: '12345' }).phone).toMatch(/Số điện thoại không hợp lệ/);
  });

  it('maps server field names onto the form', () => {
    expect(formFieldOf('items[0].quantity')).toBe('quantity');
    expect(formFieldOf('email')).toBe('email');
    expect(formFieldOf('customerName')).toBe('customerName');
    expect(formFieldOf('paymentProviderId')).toBe('paymentProviderId');
    expect(formFieldOf('note')).toBeNull();
  });
});
