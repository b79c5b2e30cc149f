import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductPage } from '@/features/catalogue/api/types';
import { strings } from '@/i18n/vi-shop';
import { errorEnvelope, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

function page(overrides: Partial<ProductPage> = {}): ProductPage {
  return {
    id: 'p-1',
    name: 'Thẻ Garena 100K',
    slug: 'the-garena-100k',
    canonicalSlug: 'the-garena-100k',
    status: 'active',
    summary: 'Nạp kim cương Free Fire',
    description: '## Cách nạp\n\n1. Mở **garena.vn**\n2. Nhập mã\n\n[Trang nạp](https://napthe.vn)',
    redeemInstructions: null,
    imageUrl: '/uploads/abc.png',
    price: 95000,
    originalPrice: 100000,
    inStock: true,
    stockLevel: 'low',
    minPerOrder: 1,
    maxPerOrder: 5,
    ...overrides,
  };
}

/** The shop's answers: the configuration, and `bySlug` for the product page. */
function shop(bySlug: (slug: string) => Response) {
  return mockFetch((url) => {
    if (url.includes('/Configuration/AppConfiguration'))
      return okEnvelope({ shopName: 'Shop Mã Xịn', analyticsId: null });
    if (url.includes('/Product/BySlug'))
      return bySlug(new URL(url, 'http://x').searchParams.get('slug') ?? '');
    if (url.includes('/Product/Pagination'))
      return okEnvelope({ items: [page()], totalCount: 1, pageIndex: 1, pageSize: 12 });
    return okEnvelope({ items: [] });
  });
}

describe('product page', () => {
  it('shows the product with its prices, stock level, limits and description, titled by its name', async () => {
    const fetch = shop(() => okEnvelope(page()));
    renderApp('/san-pham/the-garena-100k');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thẻ Garena 100K' }),
    ).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([url]) => url === '/retailstore/api/web/v1/Product/BySlug?slug=the-garena-100k',
      ),
    ).toBe(true);
    expect(screen.getByRole('img', { name: 'Thẻ Garena 100K' })).toHaveAttribute(
      'src',
      '/uploads/abc.png',
    );
    expect(screen.getByTestId('product-page-price')).toHaveTextContent(/95\.000\s₫/);
    expect(screen.getByTestId('product-page-original-price').querySelector('s')).toHaveTextContent(
      /100\.000\s₫/,
    );
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Sắp hết');
    expect(screen.getByTestId('product-page-limits')).toHaveTextContent(
      'Mỗi đơn mua từ 1 đến 5 sản phẩm.',
    );
    const description = screen.getByTestId('product-page-description');
    expect(within(description).getByRole('heading', { name: 'Cách nạp' })).toBeInTheDocument();
    expect(within(description).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('Thẻ Garena 100K'));
  });

  it('renders the description without raw HTML, with safe links only', async () => {
    const description =
      '<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[Nạp](https://napthe.vn) [xấu](javascript:alert(3))';
    shop(() => okEnvelope(page({ description })));
    renderApp('/san-pham/the-garena-100k');
    const shown = await screen.findByTestId('product-page-description');
    expect(shown.querySelector('img, script')).toBeNull();
    expect(shown).toHaveTextContent('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    const link = within(shown).getByRole('link', { name: 'Nạp' });
    expect(link).toHaveAttribute('href', 'https://napthe.vn');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('rel')).toContain('nofollow');
    expect(within(shown).queryByRole('link', { name: 'xấu' })).not.toBeInTheDocument();
    expect(shown.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('opens the buy-now dialog from "Mua ngay"', async () => {
    shop(() => okEnvelope(page()));
    renderApp('/san-pham/the-garena-100k');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Mua ngay Thẻ Garena 100K' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Thẻ Garena 100K');
  });

  it('cannot be bought out of stock', async () => {
    shop(() => okEnvelope(page({ inStock: false, stockLevel: 'out_of_stock' })));
    renderApp('/san-pham/the-garena-100k');
    expect(await screen.findByRole('button', { name: 'Mua ngay Thẻ Garena 100K' })).toBeDisabled();
  });

  it('moves an old slug to the current one without a history entry', async () => {
    shop(() =>
      okEnvelope(
        page({ name: 'Thẻ Garena 200K', slug: 'garena-200', canonicalSlug: 'garena-200' }),
      ),
    );
    const { router } = renderApp('/san-pham/the-garena-100k');
    await waitFor(() => expect(router.state.location.pathname).toBe('/san-pham/garena-200'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The page remounts under its canonical address: look for the heading there, not
    // for the element found before the move.
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Thẻ Garena 200K' }),
      ).toBeInTheDocument(),
    );
  });

  it('says when the product does not exist, with a link home', async () => {
    shop(() => errorEnvelope(404, 2, 'Không tìm thấy'));
    renderApp('/san-pham/khong-co');
    expect(await screen.findByTestId('product-not-found')).toHaveTextContent(
      'Không tìm thấy sản phẩm',
    );
    expect(screen.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Không tìm thấy sản phẩm'));
  });

  it('is reached from a product card in the grid by its name or image', async () => {
    shop(() => okEnvelope(page()));
    const { router } = renderApp('/');
    const card = (await screen.findAllByTestId('product-card'))[0];
    expect(within(card).getByTestId('product-card-image-link')).toHaveAttribute(
      'href',
      '/san-pham/the-garena-100k',
    );
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Thẻ Garena 100K' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/san-pham/the-garena-100k'));
    expect(await screen.findByTestId('product-page')).toBeInTheDocument();
  });

  it("shares the product's description and address when reached from home, and home's again after Back", async () => {
    shop(() => okEnvelope(page()));
    const origin = window.location.origin;
    const content = (key: string) =>
      document.head.querySelector(`meta[${key}]`)?.getAttribute('content') ?? null;
    const canonical = () =>
      document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
    const { router } = renderApp('/');
    const card = (await screen.findAllByTestId('product-card'))[0];
    await waitFor(() => expect(canonical()).toBe(`${origin}/`));
    const home = content('name="description"');
    expect(home).toBe(strings.shell.defaultDescription);
    expect(content('property="og:title"')).toBe('Shop Mã Xịn');

    await userEvent.setup().click(within(card).getByRole('link', { name: 'Thẻ Garena 100K' }));
    await waitFor(() => expect(canonical()).toBe(`${origin}/san-pham/the-garena-100k`));
    expect(content('name="description"')).toBe('Nạp kim cương Free Fire');
    expect(content('property="og:description"')).toBe('Nạp kim cương Free Fire');
    expect(content('property="og:title"')).toBe('Thẻ Garena 100K');
    expect(content('property="og:url"')).toBe(`${origin}/san-pham/the-garena-100k`);
    expect(content('property="og:image"')).toBe(`${origin}/uploads/abc.png`);
    expect(content('name="twitter:image"')).toBe(`${origin}/uploads/abc.png`);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(canonical()).toBe(`${origin}/`));
    expect(content('name="description"')).toBe(home);
    expect(content('property="og:title"')).toBe('Shop Mã Xịn');
    expect(content('property="og:image"')).toBe(`${origin}/images/logo.svg`);
  });

  it('describes a product without a summary by the start of its Markdown description', async () => {
    shop(() => okEnvelope(page({ summary: null, imageUrl: null })));
    renderApp('/san-pham/the-garena-100k');
    await screen.findByRole('heading', { level: 1, name: 'Thẻ Garena 100K' });
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Cách nạp 1. Mở garena.vn 2. Nhập mã [Trang nạp](https://napthe.vn)',
      ),
    );
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      `${window.location.origin}/images/logo.svg`,
    );
  });

  it("keeps the card's buy button opening the dialog in the grid", async () => {
    shop(() => okEnvelope(page()));
    const { router } = renderApp('/');
    const card = (await screen.findAllByTestId('product-card'))[0];
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: 'Mua ngay Thẻ Garena 100K' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Thẻ Garena 100K');
    expect(router.state.location.pathname).toBe('/');
  });
});
