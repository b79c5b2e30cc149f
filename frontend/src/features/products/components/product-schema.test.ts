import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRODUCT_VALUES,
  productFormSchema,
  productToFormValues,
  type ProductFormValues,
} from './product-schema';

function parse(overrides: Partial<ProductFormValues>) {
  return productFormSchema.safeParse({
    ...EMPTY_PRODUCT_VALUES,
    name: 'Thẻ Garena 100K',
    price: '95000',
    ...overrides,
  });
}

function errorsOf(overrides: Partial<ProductFormValues>): Record<string, string> {
  const result = parse(overrides);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('productFormSchema', () => {
  it('turns valid text into the Create payload', () => {
    const result = parse({
      slug: '',
      summary: '  Nạp nhanh ',
      originalPrice: '100.000',
      status: 'active',
      sortOrder: '-5',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Thẻ Garena 100K',
      slug: null,
      summary: 'Nạp nhanh',
      description: null,
      redeemInstructions: null,
      imageUrl: null,
      price: 95000,
      originalPrice: 100000,
      status: 'active',
      sortOrder: -5,
      minPerOrder: 1,
      maxPerOrder: 10,
      lowStockThreshold: 10,
    });
  });

  it('requires a name', () => {
    expect(errorsOf({ name: '   ' })).toEqual({ name: 'Nhập tên sản phẩm' });
    expect(errorsOf({ name: 'x'.repeat(201) }).name).toBe('Tên sản phẩm tối đa 200 ký tự');
  });

  it('requires a whole, positive price in VND', () => {
    expect(errorsOf({ price: '' }).price).toBe('Nhập giá bán');
    expect(errorsOf({ price: '0' }).price).toBe('Giá bán phải lớn hơn 0');
    expect(errorsOf({ price: '12.5' }).price).toBe('Giá là số nguyên VND, ví dụ 120000');
    expect(errorsOf({ price: '-1000' }).price).toBe('Giá là số nguyên VND, ví dụ 120000');
    expect(errorsOf({ price: 'abc' }).price).toBe('Giá là số nguyên VND, ví dụ 120000');
    expect(errorsOf({ price: '1000000000001' }).price).toBe('Giá quá lớn');
    expect(parse({ price: '1 200 000' }).data?.price).toBe(1_200_000);
    expect(parse({ price: '120,000' }).data?.price).toBe(120_000);
  });

  it('accepts an original price only when it is at least the price', () => {
    expect(errorsOf({ price: '100000', originalPrice: '99999' })).toEqual({
      originalPrice: 'Giá gốc phải lớn hơn hoặc bằng giá bán',
    });
    expect(parse({ price: '100000', originalPrice: '100000' }).data?.originalPrice).toBe(100000);
    expect(parse({ price: '100000', originalPrice: '' }).data?.originalPrice).toBeNull();
    expect(errorsOf({ originalPrice: 'nhiều' }).originalPrice).toBe(
      'Giá là số nguyên VND, ví dụ 120000',
    );
  });

  it('keeps 1 <= minPerOrder <= maxPerOrder <= 100', () => {
    expect(errorsOf({ minPerOrder: '0' }).minPerOrder).toBe(
      'Số lượng tối thiểu là số nguyên từ 1 đến 100',
    );
    expect(errorsOf({ minPerOrder: '', maxPerOrder: '5' }).minPerOrder).toBe(
      'Số lượng tối thiểu là số nguyên từ 1 đến 100',
    );
    expect(errorsOf({ maxPerOrder: '101' }).maxPerOrder).toBe(
      'Số lượng tối đa là số nguyên từ 1 đến 100',
    );
    expect(errorsOf({ minPerOrder: '5', maxPerOrder: '4' })).toEqual({
      maxPerOrder: 'Số lượng tối đa phải lớn hơn hoặc bằng số lượng tối thiểu',
    });
    expect(parse({ minPerOrder: '100', maxPerOrder: '100' }).success).toBe(true);
    expect(parse({ minPerOrder: '3', maxPerOrder: '3' }).success).toBe(true);
  });

  it('checks the low-stock threshold, the sort order and the slug', () => {
    expect(errorsOf({ lowStockThreshold: '-1' }).lowStockThreshold).toBe(
      'Ngưỡng sắp hết hàng là số nguyên từ 0 đến 1.000.000',
    );
    expect(parse({ lowStockThreshold: '0' }).data?.lowStockThreshold).toBe(0);
    expect(errorsOf({ sortOrder: '1000001' }).sortOrder).toBe(
      'Thứ tự là số nguyên từ -1.000.000 đến 1.000.000',
    );
    expect(errorsOf({ slug: 'Thẻ Garena' }).slug).toBe(
      'Slug chỉ gồm chữ thường a-z, số 0-9 và dấu gạch ngang, tối đa 200 ký tự',
    );
    expect(errorsOf({ slug: 'the--garena' }).slug).toBeDefined();
    expect(parse({ slug: 'the-garena-100k' }).data?.slug).toBe('the-garena-100k');
  });

  it('bounds the redemption steps at 5,000 characters', () => {
    expect(errorsOf({ redeemInstructions: 'a'.repeat(5_001) })).toEqual({
      redeemInstructions: 'Hướng dẫn sử dụng tối đa 5.000 ký tự',
    });
    expect(errorsOf({ redeemInstructions: 'a'.repeat(5_000) })).toEqual({});
  });

  it('reports every problem at once', () => {
    expect(Object.keys(errorsOf({ name: '', price: '', maxPerOrder: '0' })).sort()).toEqual([
      'maxPerOrder',
      'name',
      'price',
    ]);
  });

  it('fills the form from a product and back to the same payload', () => {
    const payload = {
      name: 'Steam 200K',
      slug: 'steam-200k',
      summary: null,
      description: 'Mô tả',
      redeemInstructions: '1. Mở ứng dụng\n2. Nhập **mã thẻ**',
      imageUrl: '/uploads/abc.png',
      price: 190000,
      originalPrice: null,
      status: 'hidden' as const,
      sortOrder: 3,
      minPerOrder: 2,
      maxPerOrder: 4,
      lowStockThreshold: 1,
    };
    const values = productToFormValues({
      id: 'p-1',
      ...payload,
      stock: { available: 0, reserved: 0, sold: 0 },
      createdAt: '2026-11-22T00:00:00Z',
      updatedAt: '2026-11-22T00:00:00Z',
    });
    expect(productFormSchema.parse(values)).toEqual(payload);
  });
});
