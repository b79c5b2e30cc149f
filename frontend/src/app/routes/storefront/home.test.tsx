import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueProduct } from '@/features/catalogue/api/types';
import { mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

function product(overrides: Partial<CatalogueProduct>): CatalogueProduct {
  return {
    id: 'p-1',
    name: 'Thẻ Garena 100K',
    slug: 'the-garena-100k',
    summary: 'Nạp kim cương Free Fire',
    description: null,
    redeemInstructions: null,
    imageUrl: '/uploads/abc.png',
    price: 95000,
    originalPrice: 100000,
    inStock: true,
    stockLevel: 'in_stock',
    minPerOrder: 1,
    maxPerOrder: 10,
    ...overrides,
  };
}

const products = [
  product({}),
  product({
    id: 'p-2',
    name: 'Steam 200K',
    imageUrl: null,
    originalPrice: null,
    stockLevel: 'low',
  }),
  product({ id: 'p-3', name: 'Zing 50K', inStock: false, stockLevel: 'out_of_stock' }),
];

function storefront(
  pages: Record<number, CatalogueProduct[]> = { 1: products },
  total = products.length,
) {
  return mockFetch((url) => {
    if (url.includes('/Configuration/AppConfiguration')) {
      return okEnvelope({
        shopName: 'Shop Mã Xịn',
        shopTagline: 'Mã thật, giao ngay',
        analyticsId: null,
      });
    }
    const pageIndex = Number(new URL(url, 'http://x').searchParams.get('pageIndex'));
    return okEnvelope({
      items: pages[pageIndex] ?? [],
      totalCount: total,
      pageIndex,
      pageSize: 12,
    });
  });
}

describe('storefront home', () => {
  it('shows the shop name, tagline and a product card per product with its stock level', async () => {
    storefront();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shop Mã Xịn' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('shop-tagline')).toHaveTextContent('Mã thật, giao ngay');

    const cards = await screen.findAllByTestId('product-card');
    expect(cards.map((card) => card.getAttribute('data-stock-level'))).toEqual([
      'in_stock',
      'low',
      'out_of_stock',
    ]);
    expect(within(cards[0]).getByText('Còn hàng')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Sắp hết')).toBeInTheDocument();
    expect(within(cards[2]).getByText('Hết hàng')).toBeInTheDocument();

    expect(within(cards[0]).getByTestId('product-card-price')).toHaveTextContent(/95\.000\s₫/);
    expect(
      within(cards[0]).getByTestId('product-card-original-price').querySelector('s'),
    ).toHaveTextContent(/100\.000\s₫/);
    expect(within(cards[0]).getByRole('img', { name: 'Thẻ Garena 100K' })).toHaveAttribute(
      'src',
      '/uploads/abc.png',
    );
    expect(within(cards[1]).queryByTestId('product-card-original-price')).not.toBeInTheDocument();
    expect(within(cards[1]).getByTestId('product-card-placeholder')).toBeInTheDocument();

    expect(cards[2]).toHaveAttribute('aria-disabled', 'true');
    expect(cards[0]).not.toHaveAttribute('aria-disabled');
    // Each card has its buy button; out of stock, it cannot be pressed.
    expect(
      within(cards[0]).getByRole('button', { name: 'Mua ngay Thẻ Garena 100K' }),
    ).toBeEnabled();
    expect(within(cards[2]).getByRole('button', { name: 'Mua ngay Zing 50K' })).toBeDisabled();
    // No order made on this device yet: no 'Đơn hàng của bạn'.
    expect(screen.queryByTestId('my-orders')).not.toBeInTheDocument();
  });

  it('searches with the keyword parameter after a pause and keeps it in the URL', async () => {
    const fetch = storefront();
    const { router } = renderApp('/');
    await screen.findAllByTestId('product-card');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('product-search'), 'steam');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url]) =>
            url ===
            '/retailstore/api/web/v1/Product/Pagination?keyword=steam&pageIndex=1&pageSize=12',
        ),
      ).toBe(true),
    );
    // Debounced: no request per letter.
    expect(fetch.mock.calls.some(([url]) => url.includes('keyword=s&'))).toBe(false);
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=steam'));
  });

  it('loads more products with "Xem thêm"', async () => {
    const first = Array.from({ length: 12 }, (_, i) =>
      product({ id: `a-${i}`, name: `Sản phẩm ${i}` }),
    );
    storefront({ 1: first, 2: [product({ id: 'b-1', name: 'Sản phẩm cuối' })] }, 13);
    renderApp('/');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(12);
    expect(screen.getByText('Đang xem 12 / 13 sản phẩm')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Xem thêm' }));
    expect(await screen.findByText('Sản phẩm cuối')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Xem thêm' })).not.toBeInTheDocument();
  });

  it('asks the server again for the configuration instead of the browser cache', async () => {
    const fetch = storefront();
    renderApp('/');
    await screen.findAllByTestId('product-card');
    const call = fetch.mock.calls.find(([url]) => url.includes('/Configuration/AppConfiguration'))!;
    expect(call[1]!.cache).toBe('no-cache');
  });

  it('shows the footer note, contact e-mail and phone the owner configured, and the tagline as page description', async () => {
    mockFetch((url) => {
      if (url.includes('/Configuration/AppConfiguration')) {
        return okEnvelope({
          shopName: 'Shop Mã Xịn',
          shopTagline: 'Mã thật, giao ngay',
          footerNote: 'Hỗ trợ 8:00 - 22:00\nCả cuối tuần',
          contactEmail: 'hotro@shop.vn',
          contactPhone: '0901 234 567',
          analyticsId: null,
        });
      }
      return okEnvelope({ items: [], totalCount: 0, pageIndex: 1, pageSize: 12 });
    });
    renderApp('/');
    expect(await screen.findByTestId('footer-note')).toHaveTextContent(
      'Hỗ trợ 8:00 - 22:00 Cả cuối tuần',
    );
    expect(
      within(screen.getByTestId('footer-email')).getByRole('link', { name: 'hotro@shop.vn' }),
    ).toHaveAttribute('href', 'mailto:hotro@shop.vn');
    expect(
      within(screen.getByTestId('footer-phone')).getByRole('link', { name: '0901 234 567' }),
    ).toHaveAttribute('href', 'tel:0901234567');
    await waitFor(() =>
      expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
        'content',
        'Mã thật, giao ngay',
      ),
    );
  });

  it('shows no contact lines when none is configured', async () => {
    storefront();
    renderApp('/');
    await screen.findAllByTestId('product-card');
    expect(screen.queryByTestId('footer-note')).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer-contact')).not.toBeInTheDocument();
    expect(screen.getByTestId('footer-coupon-note')).toBeInTheDocument();
  });
});
