/**
 * Made-up data for the style guide and the CRUD template, shaped like the API's answers
 * so the real components render it. Nothing here reaches a server.
 */
import { IMAGES } from '@/config/paths';
import type { CatalogueProduct } from '@/features/catalogue/api/types';
import type { AdminOrderDetail } from '@/features/orders/api/types';
import type { Product, ProductSortField } from '@/features/products/api/types';
import type { TableSort } from '@/components/ui/data-table/sortable-head-cell';

const NAMES = [
  'Thẻ quà tặng Shopee 100.000đ',
  'Mã giảm giá Grab 50.000đ',
  'Thẻ Garena 200.000đ',
  'Key Windows 11 Pro',
  'Gói Spotify Premium 1 tháng',
  'Thẻ Viettel 100.000đ',
  'Mã Netflix 1 tháng',
  'Key Office 2021',
  'Thẻ Zing 500.000đ',
  'Voucher Tiki 200.000đ',
  'Thẻ Steam 250.000đ',
  'Mã Lazada 30.000đ',
];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A fixed instant, so the sample reads the same on every visit. */
const BASE = Date.UTC(2026, 0, 15, 3, 0, 0);

function slugOf(index: number): string {
  return `san-pham-mau-${index + 1}`;
}

/** Products, admin view: 36 rows, enough for a few pages. */
export function sampleProducts(count = 36): Product[] {
  return Array.from({ length: count }, (_, i) => {
    const price = (i % 6) * 45_000 + 20_000;
    const at = new Date(BASE - i * DAY_MS).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` (${Math.floor(i / NAMES.length) + 1})` : ''}`,
      slug: slugOf(i),
      summary: null,
      description: null,
      redeemInstructions: null,
      imageUrl: i % 3 === 0 ? IMAGES.logo : null,
      price,
      originalPrice: i % 4 === 0 ? price + 10_000 : null,
      status: (['active', 'active', 'draft', 'hidden'] as const)[i % 4],
      sortOrder: i,
      minPerOrder: 1,
      maxPerOrder: 10,
      lowStockThreshold: 10,
      stock: { available: (i * 7) % 40, reserved: i % 3, sold: i * 5 },
      createdAt: at,
      updatedAt: at,
    };
  });
}

export interface SamplePageQuery {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  sort?: TableSort<ProductSortField> | null;
}

/** What a Pagination endpoint would answer for `query` over `rows`. */
export function pageOf(
  rows: readonly Product[],
  { pageIndex, pageSize, keyword, sort }: SamplePageQuery,
) {
  const needle = keyword?.trim().toLowerCase();
  const matching = needle
    ? rows.filter((row) => row.name.toLowerCase().includes(needle) || row.slug.includes(needle))
    : [...rows];
  if (sort) {
    const sign = sort.sortDir === 'asc' ? 1 : -1;
    matching.sort((a, b) => {
      const left = a[sort.sortBy];
      const right = b[sort.sortBy];
      return (
        (typeof left === 'string' && typeof right === 'string'
          ? left.localeCompare(right, 'vi')
          : Number(left) - Number(right)) * sign
      );
    });
  }
  const start = (pageIndex - 1) * pageSize;
  return { items: matching.slice(start, start + pageSize), totalCount: matching.length };
}

/** Storefront cards: one of each stock level. */
export function sampleCatalogue(): CatalogueProduct[] {
  return sampleProducts(3).map((product, i) => ({
    id: product.id,
    name: product.name,
    slug: product.slug,
    summary: null,
    description: null,
    redeemInstructions: null,
    imageUrl: product.imageUrl,
    price: product.price,
    originalPrice: i === 0 ? product.price + 30_000 : null,
    inStock: i < 2,
    stockLevel: (['in_stock', 'low', 'out_of_stock'] as const)[i],
    minPerOrder: 1,
    maxPerOrder: 5,
  }));
}

/** A completed order with a payment, a replacement and the events they left. */
export function sampleOrder(): AdminOrderDetail {
  const at = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();
  return {
    id: '00000000-0000-4000-8000-00000000a001',
    code: 'DH7K2M9Q4R',
    status: 'completed',
    paymentStatus: 'paid',
    createdAt: at(0),
    updatedAt: at(60 * 27),
    expiresAt: at(30),
    paidAt: at(6),
    completedAt: at(6),
    customerName: 'Nguyễn Văn An',
    email: 'an@example.com',
    phone: '0901234567',
    note: null,
    cancelReason: null,
    ip: null,
    userAgent: null,
    items: [
      {
        id: 'item-1',
        productId: 'product-1',
        productName: NAMES[0],
        imageUrl: null,
        unitPrice: 95_000,
        quantity: 1,
        lineTotal: 95_000,
        codes: [
          {
            id: 'code-1',
            maskedCode: '••••••AB12',
            serial: null,
            status: 'sold',
            replacement: false,
            replaced: false,
          },
        ],
      },
    ],
    total: 95_000,
    paidAmount: 95_000,
    refundedAmount: 0,
    cancelledAt: null,
    payment: {
      providerId: 'provider-1',
      providerName: 'Vietcombank',
      type: 'vietqr_bank',
      bankName: 'Vietcombank',
      bankBin: '970436',
      accountNumber: '0123456789',
      accountName: 'CUA HANG MA SO',
      transferContent: 'DH7K2M9Q4R',
      amountDue: 95_000,
      qrPayload: null,
      instructions: null,
    },
    payments: [
      {
        transactionId: 'sepay-1001',
        amount: 95_000,
        paidAt: at(6),
        source: 'webhook',
        actor: null,
        note: null,
        linkedTransactionId: null,
        recordedAt: at(6),
      },
    ],
    events: [
      { at: at(0), type: 'created', message: 'Tạo đơn hàng, giữ 1 mã', actor: null },
      {
        at: at(6),
        type: 'payment_received',
        message: 'Nhận 95.000 ₫ qua webhook SePay',
        actor: null,
      },
      { at: at(6), type: 'completed', message: 'Đơn hoàn thành, mã đã giao', actor: null },
      {
        at: at(60 * 26),
        type: 'codes_replaced',
        message: 'Cấp 1 mã thay thế: khách báo mã lỗi',
        actor: 'nhanvien1',
      },
      {
        at: at(60 * 27),
        type: 'access_link_regenerated',
        message: 'Tạo liên kết mới cho khách',
        actor: 'nhanvien1',
      },
    ],
  };
}

/** Fourteen days of revenue for the chart. */
export function sampleRevenue(): { day: string; revenue: number; orders: number }[] {
  return Array.from({ length: 14 }, (_, i) => {
    const orders = ((i * 5) % 9) + 2;
    return {
      day: new Date(BASE - (13 - i) * DAY_MS).toISOString().slice(0, 10),
      revenue: orders * 85_000,
      orders,
    };
  });
}
