import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { excerpt, type PageMeta, shareImage, usePageMeta } from './use-page-meta';

const origin = window.location.origin;

const product: PageMeta = {
  title: 'Thẻ Garena 100K',
  description: 'Nạp kim cương Free Fire',
  url: `${origin}/san-pham/the-garena-100k`,
  image: `${origin}/uploads/abc.png`,
  type: 'product',
};

const meta = (selector: string) => document.head.querySelector(selector);
const content = (selector: string) => meta(selector)?.getAttribute('content') ?? null;
const canonical = () => meta('link[rel="canonical"]')?.getAttribute('href') ?? null;

describe('usePageMeta', () => {
  // As the gateway serves the home page: a description, a canonical link and some of the
  // Open Graph tags (the others are left out to see them created).
  beforeEach(() => {
    document.head.innerHTML = `
      <meta name="description" content="Cửa hàng mã số" />
      <link rel="canonical" href="${origin}/" />
      <meta property="og:title" content="Shop" />
      <meta property="og:url" content="${origin}/" />`;
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('sets the tags, creating the missing ones, and restores them on unmount', () => {
    const { unmount } = renderHook(() => usePageMeta(product));
    expect(content('meta[name="description"]')).toBe('Nạp kim cương Free Fire');
    expect(canonical()).toBe(`${origin}/san-pham/the-garena-100k`);
    expect(content('meta[property="og:title"]')).toBe('Thẻ Garena 100K');
    expect(content('meta[property="og:url"]')).toBe(`${origin}/san-pham/the-garena-100k`);
    expect(content('meta[property="og:description"]')).toBe('Nạp kim cương Free Fire');
    expect(content('meta[property="og:image"]')).toBe(`${origin}/uploads/abc.png`);
    expect(content('meta[property="og:type"]')).toBe('product');
    expect(content('meta[name="twitter:title"]')).toBe('Thẻ Garena 100K');
    expect(content('meta[name="twitter:description"]')).toBe('Nạp kim cương Free Fire');
    expect(content('meta[name="twitter:image"]')).toBe(`${origin}/uploads/abc.png`);
    // Each tag once: the existing ones were reused.
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);

    unmount();
    expect(content('meta[name="description"]')).toBe('Cửa hàng mã số');
    expect(canonical()).toBe(`${origin}/`);
    expect(content('meta[property="og:title"]')).toBe('Shop');
    expect(content('meta[property="og:url"]')).toBe(`${origin}/`);
    // What the served page lacked is gone again.
    expect(meta('meta[property="og:image"]')).toBeNull();
    expect(meta('meta[property="og:description"]')).toBeNull();
    expect(meta('meta[name="twitter:title"]')).toBeNull();
    expect(document.head.children).toHaveLength(4);
  });

  it('follows a change and still restores the first page on unmount', () => {
    const { rerender, unmount } = renderHook((props: PageMeta | null) => usePageMeta(props), {
      initialProps: null as PageMeta | null,
    });
    // Still loading: nothing touched.
    expect(content('meta[name="description"]')).toBe('Cửa hàng mã số');
    expect(meta('meta[property="og:image"]')).toBeNull();
    rerender(product);
    expect(content('meta[name="description"]')).toBe('Nạp kim cương Free Fire');
    rerender({ ...product, description: 'Khác', url: `${origin}/san-pham/khac` });
    expect(content('meta[name="description"]')).toBe('Khác');
    expect(canonical()).toBe(`${origin}/san-pham/khac`);
    expect(document.head.querySelectorAll('meta[property="og:image"]')).toHaveLength(1);
    unmount();
    expect(content('meta[name="description"]')).toBe('Cửa hàng mã số');
    expect(canonical()).toBe(`${origin}/`);
    expect(meta('meta[property="og:image"]')).toBeNull();
  });
});

describe('excerpt', () => {
  it('reads as the gateway writes it', () => {
    expect(excerpt('## Cách dùng\n\n- Mở **ứng dụng**')).toBe('Cách dùng - Mở ứng dụng');
    expect(excerpt('> Trích\nMã <nhanh>')).toBe('Trích Mã <nhanh>');
    expect(excerpt('  Nạp   `nhanh`\n')).toBe('Nạp nhanh');
    const cut = excerpt('từ '.repeat(100));
    expect(Array.from(cut).length).toBeLessThanOrEqual(160);
    expect(cut).toBe(`${'từ '.repeat(53).trimEnd()}…`);
    // No space late enough: cut mid-word.
    expect(excerpt('a'.repeat(200))).toBe(`${'a'.repeat(159)}…`);
  });
});

describe('shareImage', () => {
  it('publishes absolute addresses only, else the logo file', () => {
    expect(shareImage('/uploads/a.png')).toBe(`${origin}/uploads/a.png`);
    expect(shareImage('https://cdn.vn/a.png')).toBe('https://cdn.vn/a.png');
    expect(shareImage('//evil.example/a.png', 'javascript:alert(1)', null)).toBe(
      `${origin}/images/logo.svg`,
    );
    expect(shareImage(null, '/uploads/logo.png')).toBe(`${origin}/uploads/logo.png`);
  });
});
