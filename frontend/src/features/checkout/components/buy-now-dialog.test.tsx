import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { emulatePhone } from '@/testing/media';
import { renderApp } from '@/testing/render';
import type { CreatedOrder, PaymentMethod } from '../api/types';
import { pendingOrder } from './order-fixtures';

afterEach(() => vi.unstubAllGlobals());

/** One storefront list item, as the catalogue answers it. */
const product = {
  id: 'p-1',
  name: 'Steam 100K',
  slug: 'steam-100k',
  summary: null,
  description: null,
  imageUrl: null,
  price: 95000,
  originalPrice: null,
  inStock: true,
  stockLevel: 'in_stock',
  minPerOrder: 1,
  maxPerOrder: 3,
};

const methods: PaymentMethod[] = [
  {
    id: 'pp-1',
    name: 'Chuyển khoản Vietcombank',
    type: 'vietqr_bank',
    bankName: 'Vietcombank',
    logoUrl: null,
    instructions: null,
  },
  {
    id: 'pp-2',
    name: 'Thanh toán thủ công',
    type: 'manual',
    bankName: null,
    logoUrl: null,
    instructions: null,
  },
];

const created: CreatedOrder = {
  ...pendingOrder({ expiresAt: '2999-11-22T03:15:00Z' }),
  accessToken: 'tok_abc-123',
};

type CreateHandler = (body: Record<string, unknown>, headers: Record<string, string>) => Response;

function storefront(onCreate: CreateHandler) {
  return mockFetch((url, init) => {
    if (url.includes('/Configuration/AppConfiguration'))
      return okEnvelope({ shopName: 'Shop Mã Xịn' });
    if (url.includes('/ListPaymentProviders')) return okEnvelope(methods);
    if (url.includes('/Order/CreateOrder'))
      return onCreate(
        jsonBody<Record<string, unknown>>(init),
        init.headers as Record<string, string>,
      );
    if (url.includes('/Order/OrderDetail')) return okEnvelope(created);
    return okEnvelope({ items: [product], totalCount: 1, pageIndex: 1, pageSize: 12 });
  });
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Mua ngay Steam 100K' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mua Steam 100K' });
  // The first payment method is chosen once the list is there.
  await waitFor(() =>
    expect(within(dialog).getByRole('radio', { name: /Chuyển khoản Vietcombank/ })).toBeChecked(),
  );
  return { user, dialog };
}

describe('BuyNowDialog', () => {
  it('validates quantity, email and phone before anything is sent', async () => {
    const fetch = storefront(() => okEnvelope(created));
    renderApp('/');
    const { user, dialog } = await openDialog();

    const quantity = within(dialog).getByRole('textbox', { name: 'Số lượng' });
    expect(quantity).toHaveValue('1');
    expect(within(dialog).getByText('Từ 1 đến 3 mã mỗi đơn')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tăng số lượng' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tăng số lượng' }));
    expect(quantity).toHaveValue('3');
    expect(within(dialog).getByRole('button', { name: 'Tăng số lượng' })).toBeDisabled();
    expect(within(dialog).getByTestId('buy-now-total')).toHaveTextContent(/285\.000\s₫/);

    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Số điện thoại (không bắt buộc)' }),
      '12345',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Đặt hàng' }));
    expect(await within(dialog).findByText('Số lượng từ 1 đến 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Nhập email')).toBeInTheDocument();
    expect(within(dialog).getByText(/Số điện thoại không hợp lệ/)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'an@');
    await user.click(within(dialog).getByRole('button', { name: 'Đặt hàng' }));
    expect(await within(dialog).findByText('Email không hợp lệ')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url.includes('CreateOrder'))).toBe(false);
  });

  it('submits with one Idempotency-Key per opening, remembers the order and opens its page', async () => {
    const keys: string[] = [];
    const bodies: Record<string, unknown>[] = [];
    const fetch = storefront((body, headers) => {
      bodies.push(body);
      keys.push(headers['Idempotency-Key']);
      return okEnvelope(created);
    });
    const { router } = renderApp('/');
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Tăng số lượng' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'an@example.com');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Số điện thoại (không bắt buộc)' }),
      '091 234 5678',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Họ tên (không bắt buộc)' }),
      'Nguyễn An',
    );
    await user.click(within(dialog).getByRole('radio', { name: /Thanh toán thủ công/ }));
    expect(within(dialog).getByTestId('buy-now-summary')).toHaveTextContent(/2 × 95\.000\s₫/);
    expect(within(dialog).getByTestId('buy-now-total')).toHaveTextContent(/190\.000\s₫/);
    await user.click(within(dialog).getByRole('button', { name: 'Đặt hàng' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-detail'));
    expect(router.state.location.search).toBe('?code=DH7K2M9QXA');
    expect(router.state.location.hash).toBe('#token=tok_abc-123');
    expect(bodies).toEqual([
      {
        items: [{ productId: 'p-1', quantity: 2 }],
        email: 'an@example.com',
        phone: '0912345678',
        customerName: 'Nguyễn An',
        paymentProviderId: 'pp-2',
      },
    ]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    const createCall = fetch.mock.calls.find(([url]) => url.includes('CreateOrder'))!;
    expect(createCall[0]).toBe('/retailstore/api/web/v1/Order/CreateOrder');
    expect(createCall[1]!.method).toBe('POST');

    // The draft is gone once the order is placed.
    expect(sessionStorage.getItem('shop_buy_draft:p-1')).toBeNull();

    const remembered = JSON.parse(localStorage.getItem(STORAGE_KEYS.orderHistory)!) as {
      code: string;
      token: string;
      total: number;
      productName: string;
    }[];
    expect(remembered[0]).toMatchObject({
      code: 'DH7K2M9QXA',
      token: 'tok_abc-123',
      total: 190000,
      productName: 'Steam 100K',
      quantity: 2,
    });

    // Back on the storefront, 'Đơn hàng của bạn' links to the order.
    await router.navigate('/');
    await waitFor(() => {
      const mine = screen.getByRole('region', { name: 'Đơn hàng của bạn' });
      expect(within(mine).getByRole('link', { name: 'Xem đơn DH7K2M9QXA' })).toHaveAttribute(
        'href',
        '/order-detail?code=DH7K2M9QXA#token=tok_abc-123',
      );
      expect(within(mine).getByTestId('my-orders-item')).toHaveTextContent(
        /Steam 100K × 2 · 190\.000\s₫/,
      );
    });
  });

  it('keeps the key for a retry after a lost answer, and shows the envelope errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const keys: string[] = [];
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () =>
        errorEnvelope(409, 400, 'Không đủ mã trong kho', [
          { field: 'items[0]', message: 'Steam 100K: còn 1 mã' },
        ]),
      () => errorEnvelope(429, 405, 'Email này đang có quá nhiều đơn chưa thanh toán'),
      () => errorEnvelope(400, 401, 'Số lượng phải từ 1 đến 3'),
      () =>
        errorEnvelope(400, 1, 'Dữ liệu không hợp lệ', [
          { field: 'email', message: 'Email bị từ chối' },
        ]),
    ];
    storefront((_, headers) => {
      keys.push(headers['Idempotency-Key']);
      return answers[keys.length - 1]();
    });
    renderApp('/');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'an@example.com');
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Đặt hàng' }));

    await submit();
    expect(
      await within(dialog).findByText('Không thể kết nối tới server. Vui lòng kiểm tra mạng.'),
    ).toBeInTheDocument();
    await submit();
    const stock = await within(dialog).findByTestId('buy-now-error');
    await waitFor(() => expect(stock).toHaveAttribute('data-code', '400'));
    expect(stock).toHaveTextContent('Không đủ mã trong kho');
    expect(stock).toHaveTextContent('Steam 100K: còn 1 mã');
    // Same key after no answer; a fresh one after a definite refusal.
    expect(keys[1]).toBe(keys[0]);

    await submit();
    await waitFor(() =>
      expect(within(dialog).getByTestId('buy-now-error')).toHaveAttribute('data-code', '405'),
    );
    expect(within(dialog).getByTestId('buy-now-error')).toHaveTextContent(
      /quá nhiều đơn chưa thanh toán/,
    );
    expect(keys[2]).not.toBe(keys[1]);

    await submit();
    expect(await within(dialog).findByText('Số lượng phải từ 1 đến 3')).toBeInTheDocument();
    await submit();
    expect(await within(dialog).findByText('Email bị từ chối')).toBeInTheDocument();
    expect(new Set(keys.slice(2)).size).toBe(3);
  });

  it('starts a new key when the dialog is opened again', async () => {
    const keys: string[] = [];
    storefront((_, headers) => {
      keys.push(headers['Idempotency-Key']);
      return errorEnvelope(400, 402, 'Sản phẩm không còn bán');
    });
    renderApp('/');
    let { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'an@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Đặt hàng' }));
    expect(await within(dialog).findByText('Sản phẩm không còn bán')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    ({ user, dialog } = await openDialog());
    expect(within(dialog).queryByTestId('buy-now-error')).not.toBeInTheDocument();
    // What was typed survives the close.
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue('an@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Đặt hàng' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('offers the fix for a mistyped e-mail domain', async () => {
    storefront(() => okEnvelope(created));
    renderApp('/');
    const { user, dialog } = await openDialog();
    const email = within(dialog).getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'an@gmial.con');
    const hint = within(dialog).getByTestId('buy-now-email-suggestion');
    expect(hint).toHaveTextContent('Ý bạn là an@gmail.com?');
    await user.click(within(hint).getByRole('button', { name: 'an@gmail.com' }));
    expect(email).toHaveValue('an@gmail.com');
    expect(within(dialog).queryByTestId('buy-now-email-suggestion')).not.toBeInTheDocument();
  });

  it('is a full-screen sheet on a phone, with the total beside Đặt hàng, and Back closes it', async () => {
    const restore = emulatePhone();
    try {
      storefront(() => okEnvelope(created));
      const { router } = renderApp('/');
      const { user, dialog } = await openDialog();
      expect(screen.getByTestId('buy-now-dialog')).toHaveAttribute('data-fullscreen', 'true');
      expect(within(dialog).queryByRole('button', { name: 'Hủy' })).not.toBeInTheDocument();
      const actions = screen.getByTestId('buy-now-dialog-actions');
      expect(within(actions).getByTestId('buy-now-footer-total')).toHaveTextContent(/95\.000\s₫/);
      expect(within(actions).getByRole('button', { name: 'Đặt hàng' })).toBeInTheDocument();
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Họ tên (không bắt buộc)' }),
        'An',
      );

      expect(window.history.state).toHaveProperty('__sheetOpen', true);
      window.history.back();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe('/');

      const again = await openDialog();
      expect(
        within(again.dialog).getByRole('textbox', { name: 'Họ tên (không bắt buộc)' }),
      ).toHaveValue('An');
      await again.user.click(within(again.dialog).getByRole('button', { name: 'Đóng' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      restore();
    }
  });
});
