import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { Product } from '../api/types';

const product: Product = {
  id: 'p-1',
  name: 'Thẻ Garena 100K',
  slug: 'the-garena-100k',
  summary: null,
  description: null,
  redeemInstructions: null,
  imageUrl: null,
  price: 95000,
  originalPrice: 100000,
  status: 'active',
  sortOrder: 0,
  minPerOrder: 1,
  maxPerOrder: 10,
  lowStockThreshold: 2,
  stock: { available: 5, reserved: 1, sold: 3 },
  createdAt: '2026-11-20T03:00:00Z',
  updatedAt: '2026-11-20T03:00:00Z',
};

function page(items: Product[]) {
  return okEnvelope({ items, totalCount: items.length, pageIndex: 1, pageSize: 20 });
}

/** Answers the upload synchronously once sent, with progress first. */
class UploadXhr {
  static sent: UploadXhr[] = [];
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  body: FormData | null = null;
  upload: {
    onprogress:
      ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    this.body = body;
    UploadXhr.sent.push(this);
  }
  respond(status: number, result: unknown, error: { code: number; message: string } | null = null) {
    this.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true });
    this.status = status;
    this.responseText = JSON.stringify({ status, success: error === null, result, error });
    this.onload?.();
  }
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'staff' })));
  UploadXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', UploadXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.unstubAllGlobals());

describe('ProductsScreen', () => {
  it('lists products with price, status, stock and a link to their serial codes', async () => {
    const fetch = mockFetch(() => page([product]));
    renderApp('/admin/products');
    const table = await screen.findByRole('table', { name: 'Danh sách sản phẩm' });
    const row = (await within(table).findByText('Thẻ Garena 100K')).closest('tr')!;
    expect(row).toHaveTextContent(/95\.000\s₫/);
    expect(within(row).getByText('Đang bán')).toBeInTheDocument();
    expect(within(row).getByTestId('product-stock')).toHaveAttribute('data-available', '5');
    expect(within(row).getByTestId('product-stock-available')).toHaveTextContent('5');
    expect(within(row).getByTestId('product-stock-sold')).toHaveTextContent('3');
    expect(within(row).getByRole('link', { name: 'Mã serial Thẻ Garena 100K' })).toHaveAttribute(
      'href',
      '/admin/products/serial-codes?productId=p-1',
    );
    expect(fetch.mock.calls[0][0]).toBe(
      '/retailstore/api/admin/v1/Product/Pagination?pageIndex=1&pageSize=20',
    );
  });

  it('sorts on the server when a column header is clicked', async () => {
    const fetch = mockFetch(() => page([product]));
    renderApp('/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Giá bán' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url.includes('sortBy=price&sortDir=asc'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Giá bán' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url.includes('sortBy=price&sortDir=desc'))).toBe(
        true,
      ),
    );
  });

  it('creates a product with an uploaded image, showing 301 under the slug field', async () => {
    let created = false;
    const fetch = mockFetch((url, init) => {
      if (url.includes('/Product/Create')) {
        const body = jsonBody<{ slug: string | null }>(init);
        if (body.slug === 'taken')
          return errorEnvelope(409, 301, 'Slug đã được dùng cho sản phẩm khác');
        created = true;
        return okEnvelope({ ...product, id: 'p-2', name: 'Steam 200K' });
      }
      return page(created ? [product, { ...product, id: 'p-2', name: 'Steam 200K' }] : [product]);
    });
    renderApp('/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('product-create-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm sản phẩm' });

    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Nhập tên sản phẩm')).toBeInTheDocument();
    expect(within(dialog).getByText('Nhập giá bán')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Tên sản phẩm' }), 'Steam 200K');
    await user.type(within(dialog).getByRole('textbox', { name: 'Slug (đường dẫn)' }), 'taken');
    await user.type(within(dialog).getByRole('textbox', { name: 'Giá bán (VND)' }), '190000');
    expect(within(dialog).getByText(/= 190\.000\s₫/)).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Giá gốc (VND, không bắt buộc)' }),
      '180000',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Đang bán' }));

    await user.upload(
      within(dialog).getByTestId('product-image-input'),
      new File(['png'], 'a.png', { type: 'image/png' }),
    );
    expect(within(dialog).getByTestId('product-image-progress')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lưu' })).toBeDisabled();
    expect(UploadXhr.sent).toHaveLength(1);
    expect(UploadXhr.sent[0].body!.get('file')).toBeInstanceOf(File);
    UploadXhr.sent[0].respond(200, {
      url: '/uploads/abc.png',
      contentType: 'image/png',
      size: 3,
      width: 1,
      height: 1,
    });
    await waitFor(() =>
      expect(within(dialog).queryByTestId('product-image-progress')).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByTestId('product-image-preview')).toHaveAttribute(
      'src',
      '/uploads/abc.png',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(
      await within(dialog).findByText('Giá gốc phải lớn hơn hoặc bằng giá bán'),
    ).toBeInTheDocument();
    const original = within(dialog).getByRole('textbox', { name: 'Giá gốc (VND, không bắt buộc)' });
    await user.clear(original);
    await user.type(original, '200.000');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(
      await within(dialog).findByText('Slug đã được dùng cho sản phẩm khác'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Slug (đường dẫn)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Đã thêm sản phẩm Steam 200K')).toBeInTheDocument();

    const createCall = fetch.mock.calls.findLast(([url]) => url.includes('/Product/Create'))!;
    expect(jsonBody(createCall[1])).toEqual({
      name: 'Steam 200K',
      slug: null,
      summary: null,
      description: null,
      redeemInstructions: null,
      imageUrl: '/uploads/abc.png',
      price: 190000,
      originalPrice: 200000,
      status: 'active',
      sortOrder: 0,
      minPerOrder: 1,
      maxPerOrder: 10,
      lowStockThreshold: 10,
    });
  });

  async function openCreateDialog() {
    mockFetch(() => page([]));
    renderApp('/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('product-create-button'));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Thêm sản phẩm' }) };
  }

  it('previews the redemption steps as the order page renders them, raw HTML as text', async () => {
    const { user, dialog } = await openCreateDialog();
    await user.click(within(dialog).getByTestId('product-redeem-preview-tab'));
    expect(within(dialog).getByTestId('product-redeem-preview')).toHaveTextContent(
      'Chưa có hướng dẫn.',
    );
    await user.click(within(dialog).getByTestId('product-redeem-edit'));
    const field = within(dialog).getByTestId('product-redeem-instructions');
    await user.click(field);
    await user.paste('1. Bấm **mã thẻ**\n2. Xem [Viettel](https://viettel.vn)\n\n<b>x</b>');
    await user.click(within(dialog).getByTestId('product-redeem-preview-tab'));
    const preview = within(dialog).getByTestId('product-redeem-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    expect(preview.querySelector('strong')).toHaveTextContent('mã thẻ');
    expect(within(preview).getByRole('link', { name: 'Viettel' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(preview.querySelector('b')).toBeNull();
    expect(preview).toHaveTextContent('<b>x</b>');
  });

  it('previews the description as the product page renders it, a raw <script> as text', async () => {
    const { user, dialog } = await openCreateDialog();
    await user.click(within(dialog).getByTestId('product-description-preview-tab'));
    expect(within(dialog).getByTestId('product-description-preview')).toHaveTextContent(
      'Chưa có mô tả.',
    );
    await user.click(within(dialog).getByTestId('product-description-edit'));
    await user.click(within(dialog).getByTestId('product-description-text'));
    await user.paste(
      '## Cách dùng\n\n- Nạp **mã thẻ**\n- Xem [hướng dẫn](https://viettel.vn)\n\n<script>alert(1)</script>',
    );
    await user.click(within(dialog).getByTestId('product-description-preview-tab'));
    const preview = within(dialog).getByTestId('product-description-preview');
    expect(within(preview).getByRole('heading', { name: 'Cách dùng' })).toBeInTheDocument();
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    expect(preview.querySelector('strong')).toHaveTextContent('mã thẻ');
    const link = within(preview).getByRole('link', { name: 'hướng dẫn' });
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link.getAttribute('rel')).toContain('nofollow');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview).toHaveTextContent('<script>alert(1)</script>');
    // Back to the text: what was typed is still there.
    await user.click(within(dialog).getByTestId('product-description-edit'));
    expect(within(dialog).getByTestId('product-description-text')).toHaveValue(
      '## Cách dùng\n\n- Nạp **mã thẻ**\n- Xem [hướng dẫn](https://viettel.vn)\n\n<script>alert(1)</script>',
    );
  });

  // The server's own words ('x') are not shown: the catalogue explains these two codes.
  it.each([
    [210, 413, 'Ảnh quá lớn: tối đa 5 MB.'],
    [211, 400, 'Tệp không phải ảnh hợp lệ (PNG, JPEG, WEBP hoặc GIF).'],
  ])(
    'shows the server refusing an upload with %i as a toast and keeps the form usable',
    async (code, status, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user, dialog } = await openCreateDialog();
      await user.upload(
        within(dialog).getByTestId('product-image-input'),
        new File(['x'], 'a.png', { type: 'image/png' }),
      );
      expect(UploadXhr.sent).toHaveLength(1);
      UploadXhr.sent[0].respond(status, null, { code, message: 'x' });

      const toast = await screen.findByTestId('toast');
      expect(toast).toHaveTextContent('Tải ảnh thất bại');
      expect(toast).toHaveTextContent(message);
      expect(within(dialog).queryByTestId('product-image-preview')).not.toBeInTheDocument();
      expect(within(dialog).queryByTestId('product-image-progress')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Lưu' })).toBeEnabled();

      // Still usable: the next image goes up.
      await user.upload(
        within(dialog).getByTestId('product-image-input'),
        new File(['png'], 'b.png', { type: 'image/png' }),
      );
      expect(UploadXhr.sent).toHaveLength(2);
    },
  );

  it('refuses an image over 5 MB before any transfer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog } = await openCreateDialog();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByTestId('product-image-input'), big);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Ảnh quá lớn: tối đa 5 MB.');
    expect(UploadXhr.sent).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Lưu' })).toBeEnabled();
  });

  it('explains 302 after a confirmed delete: hide the product instead', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = mockFetch((url) =>
      url.includes('/Product/Delete')
        ? errorEnvelope(409, 302, 'Sản phẩm đã có đơn hàng')
        : page([product]),
    );
    renderApp('/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Xóa Thẻ Garena 100K' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xóa sản phẩm' });
    await user.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    expect(
      await screen.findByText(/chuyển trạng thái sang “Đã ẩn” để ngừng bán/),
    ).toBeInTheDocument();
    expect(screen.getByText('Không thể xóa sản phẩm')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('/Product/Delete'))!;
    expect(call[0]).toBe('/retailstore/api/admin/v1/Product/Delete?id=p-1');
    expect(call[1]!.method).toBe('DELETE');
  });
});
