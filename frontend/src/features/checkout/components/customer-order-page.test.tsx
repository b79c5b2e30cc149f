import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';
import { getCustomerOrderQueryOptions } from '../api/get-customer-order';
import type { CustomerOrder } from '../api/types';
import { rememberOrder, readOrderHistory } from '../utils/order-history';
import { pendingOrder, QR_PAYLOAD } from './order-fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function completedOrder(): CustomerOrder {
  return pendingOrder({
    status: 'completed',
    paymentStatus: 'paid',
    paidAmount: 190000,
    paidAt: '2026-11-22T03:05:00Z',
    items: [
      {
        productId: 'p-1',
        productName: 'Steam 100K',
        imageUrl: null,
        unitPrice: 95000,
        quantity: 2,
        lineTotal: 190000,
        codes: [
          { code: 'STEAM-AAAA-1111', serial: null, expiresAt: null, replacement: false },
          {
            code: 'STEAM-BBBB-2222',
            serial: null,
            expiresAt: '2027-06-30T00:00:00Z',
            replacement: false,
          },
        ],
        redeemInstructions: null,
      },
    ],
  });
}

/** A phone card order: serials beside PINs, one replacement, and the product's steps. */
function cardOrder(): CustomerOrder {
  return pendingOrder({
    status: 'completed',
    paymentStatus: 'paid',
    paidAmount: 190000,
    paidAt: '2026-11-22T03:05:00Z',
    items: [
      {
        productId: 'p-2',
        productName: 'Thẻ Viettel 100K',
        imageUrl: null,
        unitPrice: 95000,
        quantity: 2,
        lineTotal: 190000,
        codes: [
          { code: '912345678901', serial: '10001234567', expiresAt: null, replacement: false },
          { code: '998877665544', serial: '10007654321', expiresAt: null, replacement: true },
        ],
        redeemInstructions:
          '1. Bấm **\\*100\\*mã thẻ#**\n2. Xem [Viettel](https://viettel.vn)\n\n<img src=x onerror="window.__pwned=1">',
      },
    ],
  });
}

function shop(orderAnswer: () => Response, extra?: (url: string) => Response | undefined) {
  return mockFetch((url) => {
    if (url.includes('/Configuration/AppConfiguration'))
      return okEnvelope({ shopName: 'Shop Mã Xịn', socialUrl: 'https://facebook.com/shop' });
    if (url.includes('/Order/OrderDetail')) return orderAnswer();
    return extra?.(url) ?? errorEnvelope(404, 2, 'Không tìm thấy');
  });
}

describe('customer order page', () => {
  it('shows a pending order: banner, countdown, bank details with copy buttons and the QR drawn locally', async () => {
    const fetch = shop(() => okEnvelope(pendingOrder()));
    renderApp('/order-detail?code=DH7K2M9QXA#token=secret-token_1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Đơn hàng DH7K2M9QXA' }),
    ).toBeInTheDocument();
    const banner = screen.getByTestId('order-status-banner');
    expect(banner).toHaveAttribute('data-status', 'pending_payment');
    expect(within(banner).getByText('Chờ thanh toán')).toBeInTheDocument();
    expect(within(banner).getByText('Chưa thanh toán')).toBeInTheDocument();
    expect(within(banner).getByRole('timer')).toHaveTextContent(/^1[45]:\d\d$/);

    const payment = screen.getByRole('region', { name: 'Thông tin chuyển khoản' });
    expect(within(payment).getByTestId('payment-amount')).toHaveTextContent(/190\.000\s₫/);
    expect(within(payment).getByTestId('payment-bank')).toHaveTextContent('Vietcombank');
    expect(within(payment).getByTestId('payment-account-number')).toHaveTextContent('0123456789');
    expect(within(payment).getByTestId('payment-account-name')).toHaveTextContent('NGUYEN VAN A');
    expect(within(payment).getByTestId('payment-memo')).toHaveTextContent('DH7K2M9QXA');
    for (const label of [
      'Sao chép số tiền',
      'Sao chép ngân hàng',
      'Sao chép số tài khoản',
      'Sao chép chủ tài khoản',
      'Sao chép nội dung chuyển khoản',
    ]) {
      expect(within(payment).getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(within(payment).getByRole('button', { name: 'Sao chép số tiền' })).toHaveAttribute(
      'data-copy-text',
      '190000',
    );

    const qr = await within(payment).findByRole('img', {
      name: 'Mã VietQR thanh toán đơn DH7K2M9QXA',
    });
    expect(qr).toHaveAttribute('data-testid', 'payment-qr');
    expect(qr).toHaveAttribute('data-payload', QR_PAYLOAD);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/(png|svg\+xml)/);
    expect(screen.getByText(/Hãy lưu lại đường dẫn của trang này/)).toBeInTheDocument();

    // The token goes in the header, never in the URL.
    const call = fetch.mock.calls.find(([url]) => url.includes('/Order/OrderDetail'))!;
    expect(call[0]).toBe('/retailstore/api/web/v1/Order/OrderDetail?code=DH7K2M9QXA');
    expect((call[1]!.headers as Record<string, string>)['X-Order-Token']).toBe('secret-token_1');
    expect(fetch.mock.calls.every(([url]) => !url.includes('secret-token_1'))).toBe(true);
  });

  it('after a partial payment asks for the remainder: the amount, its copy button, the QR and what over- or under-paying does', async () => {
    const partlyPaid = pendingOrder({ paymentStatus: 'partially_paid', paidAmount: 90000 });
    shop(() => okEnvelope(partlyPaid));
    renderApp('/order-detail?code=DH7K2M9QXA#token=t');

    const payment = await screen.findByRole('region', { name: 'Thông tin chuyển khoản' });
    expect(within(payment).getByTestId('payment-partial')).toHaveTextContent(
      /Đã nhận 90\.000\s₫, còn thiếu 100\.000\s₫\./,
    );
    expect(within(payment).getByTestId('payment-amount')).toHaveTextContent(/^100\.000\s₫$/);
    expect(
      within(payment).getByRole('button', { name: 'Sao chép số tiền còn thiếu' }),
    ).toHaveAttribute('data-copy-text', '100000');

    const qr = await within(payment).findByRole('img', {
      name: 'Mã VietQR thanh toán đơn DH7K2M9QXA',
    });
    const payload = qr.getAttribute('data-payload')!;
    expect(payload).not.toBe(QR_PAYLOAD);
    expect(payload).toContain('5406100000');
    expect(payload).not.toContain('5406190000');
    expect(payload).toContain('0810DH7K2M9QXA');
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);

    const rules = within(payment).getByTestId('payment-amount-rules');
    expect(rules).toHaveTextContent(/Chuyển thiếu: đơn chỉ được xác nhận khi nhận đủ tiền/);
    expect(rules).toHaveTextContent(/Chuyển dư: đơn vẫn được xác nhận/);
    expect(screen.getByTestId('order-paid-amount')).toHaveTextContent(/90\.000\s₫/);
  });

  it('polls every 5 s until final, then shows the codes with copy buttons and stops', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    let calls = 0;
    const fetch = shop(() => {
      calls += 1;
      return okEnvelope(calls < 3 ? pendingOrder() : completedOrder());
    });
    rememberOrder({
      code: 'DH7K2M9QXA',
      token: 't',
      createdAt: '',
      expiresAt: null,
      total: 190000,
      productName: 'Steam 100K',
      quantity: 2,
      status: 'pending_payment',
    });
    renderApp('/order-detail?code=DH7K2M9QXA#token=t');
    await screen.findByRole('region', { name: 'Thông tin chuyển khoản' });
    expect(calls).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(calls).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const codes = await screen.findByRole('region', { name: 'Mã sản phẩm của bạn' });
    expect(
      within(codes)
        .getAllByTestId('order-code')
        .map((node) => node.textContent),
    ).toEqual(['STEAM-AAAA-1111', 'STEAM-BBBB-2222']);
    expect(
      within(codes).getByRole('button', { name: 'Sao chép mã 1 của Steam 100K' }),
    ).toHaveAttribute('data-copy-text', 'STEAM-AAAA-1111');
    expect(within(codes).getByRole('button', { name: 'Sao chép tất cả' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status-banner')).toHaveAttribute('data-status', 'completed');
    expect(
      screen.queryByRole('region', { name: 'Thông tin chuyển khoản' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(readOrderHistory()[0].status).toBe('completed');

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(calls).toBe(3);
    expect(fetch.mock.calls.filter(([url]) => url.includes('OrderDetail'))).toHaveLength(3);
  });

  it('shows each card as Seri / Mã thẻ with a copy button for each, labels a replacement, and renders the steps safely', async () => {
    shop(() => okEnvelope(cardOrder()));
    renderApp('/order-detail?code=DH7K2M9QXA#token=t');
    const codes = await screen.findByRole('region', { name: 'Mã sản phẩm của bạn' });
    expect(
      within(codes)
        .getAllByTestId('order-serial')
        .map((node) => node.textContent),
    ).toEqual(['10001234567', '10007654321']);
    expect(
      within(codes)
        .getAllByTestId('order-code')
        .map((node) => node.textContent),
    ).toEqual(['912345678901', '998877665544']);
    expect(
      within(codes).getByRole('button', { name: 'Sao chép seri thẻ 1 của Thẻ Viettel 100K' }),
    ).toHaveAttribute('data-copy-text', '10001234567');
    expect(
      within(codes).getByRole('button', { name: 'Sao chép mã thẻ 2 của Thẻ Viettel 100K' }),
    ).toHaveAttribute('data-copy-text', '998877665544');
    const cards = within(codes).getAllByTestId('order-card');
    expect(within(cards[0]).queryByText('Mã thay thế')).not.toBeInTheDocument();
    expect(within(cards[1]).getByText('Mã thay thế')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Seri')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Mã thẻ')).toBeInTheDocument();

    const steps = within(codes).getByTestId('order-redeem-instructions');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(2);
    expect(steps.querySelector('strong')).toHaveTextContent('*100*mã thẻ#');
    const link = within(steps).getByRole('link', { name: 'Viettel' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('rel')).toContain('nofollow');
    expect(steps.querySelector('img')).toBeNull();
    expect(steps).toHaveTextContent('<img src=x');
  });

  it('stops polling once final or refused', () => {
    const options = getCustomerOrderQueryOptions('DH7K2M9QXA', 't');
    const interval = options.refetchInterval as (query: {
      state: { data?: { status: string }; error: unknown };
    }) => number | false;
    expect(interval({ state: { data: { status: 'pending_payment' }, error: null } })).toBe(5000);
    expect(interval({ state: { data: { status: 'needs_attention' }, error: null } })).toBe(5000);
    for (const status of ['completed', 'expired', 'cancelled'])
      expect(interval({ state: { data: { status }, error: null } })).toBe(false);
  });

  it('explains a wrong or replaced link and offers the lookup', async () => {
    shop(() => errorEnvelope(404, 403, 'Không tìm thấy đơn hàng'));
    renderApp('/order-detail?code=DH7K2M9QXA#token=old');
    expect(await screen.findByTestId('customer-order-error')).toHaveTextContent(
      /đường dẫn này không còn hiệu lực/,
    );
    expect(screen.getByRole('textbox', { name: 'Mã đơn hàng' })).toHaveValue('DH7K2M9QXA');
  });

  it('without a token: looks the order up by code and email, status and payment only', async () => {
    const fetch = shop(
      () => errorEnvelope(500, 9, 'unexpected'),
      (url) => {
        if (!url.includes('/Order/OrderLookup')) return undefined;
        const email = new URL(url, 'http://x').searchParams.get('email');
        if (email !== 'an@example.com') return errorEnvelope(404, 403, 'Không tìm thấy đơn hàng');
        const { items: _items, ...rest } = pendingOrder();
        return okEnvelope(rest);
      },
    );
    renderApp('/order-detail?code=dh7k2m9qxa');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tra cứu đơn hàng' }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Tra cứu đơn hàng' });
    expect(within(form).getByRole('textbox', { name: 'Mã đơn hàng' })).toHaveValue('DH7K2M9QXA');
    // The codes are on the original link; the shop can send a new one through its social page.
    const note = screen.getByTestId('order-lookup-codes-note');
    expect(note).toHaveTextContent(/đường dẫn đơn hàng ban đầu/);
    expect(await within(note).findByRole('link', { name: 'trang mạng xã hội' })).toHaveAttribute(
      'href',
      'https://facebook.com/shop',
    );

    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Tra cứu' }));
    expect(await within(form).findByText('Nhập email')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'other@example.com');
    await user.click(within(form).getByRole('button', { name: 'Tra cứu' }));
    expect(await screen.findByTestId('order-lookup-error')).toHaveTextContent(
      'Không tìm thấy đơn hàng với mã và email này.',
    );

    const email = within(form).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'an@example.com');
    await user.click(within(form).getByRole('button', { name: 'Tra cứu' }));
    const result = await screen.findByTestId('order-lookup-result');
    expect(within(result).getByTestId('order-status-banner')).toHaveAttribute(
      'data-status',
      'pending_payment',
    );
    expect(within(result).getByTestId('payment-memo')).toHaveTextContent('DH7K2M9QXA');
    expect(await within(result).findByTestId('payment-qr')).toHaveAttribute(
      'data-payload',
      QR_PAYLOAD,
    );
    expect(screen.queryByTestId('order-codes')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url.includes('/Order/OrderDetail'))).toBe(false);
    expect(fetch.mock.calls.findLast(([url]) => url.includes('OrderLookup'))![0]).toBe(
      '/retailstore/api/web/v1/Order/OrderLookup?code=DH7K2M9QXA&email=an%40example.com',
    );
  });
  it('without a token: a paid order says where its codes are, not "bên dưới"', async () => {
    shop(
      () => errorEnvelope(500, 9, 'unexpected'),
      (url) => {
        if (!url.includes('/Order/OrderLookup')) return undefined;
        const { items: _items, ...rest } = pendingOrder({
          status: 'completed',
          paymentStatus: 'paid',
          paidAmount: 190000,
        });
        return okEnvelope(rest);
      },
    );
    renderApp('/order-detail?code=DH7K2M9QXA');
    const form = await screen.findByRole('form', { name: 'Tra cứu đơn hàng' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'an@example.com');
    await user.click(within(form).getByRole('button', { name: 'Tra cứu' }));
    const result = await screen.findByTestId('order-lookup-result');
    const text = within(result).getByTestId('order-status-text');
    expect(text).toHaveTextContent(/Mã sản phẩm chỉ hiển thị trên đường dẫn xem đơn/);
    expect(text).not.toHaveTextContent(/bên dưới/);
    expect(within(result).queryByTestId('payment-instruction')).not.toBeInTheDocument();
  });

  it("without a token: e-mails a new link for the code and email, and shows the shop's answer", async () => {
    const MESSAGE =
      'Nếu mã đơn hàng và email khớp với một đơn hàng, đường dẫn xem đơn sẽ được gửi tới email đó trong ít phút';
    let answer = () => errorEnvelope(429, 4, 'Bạn thao tác quá nhanh, vui lòng thử lại sau');
    const fetch = shop(
      () => errorEnvelope(500, 9, 'unexpected'),
      (url) => (url.includes('/Order/ResendAccessLink') ? answer() : undefined),
    );
    renderApp('/order-detail?code=DH7K2M9QXA');
    const form = await screen.findByRole('form', { name: 'Tra cứu đơn hàng' });
    // The page says how to get a new link.
    expect(screen.getByTestId('order-lookup-codes-note')).toHaveTextContent(
      /bấm “Gửi lại liên kết qua email” để nhận đường dẫn mới/,
    );
    expect(within(form).getByText(/nhận lại đường dẫn xem đơn qua email/)).toBeInTheDocument();

    const user = userEvent.setup();
    const resend = within(form).getByRole('button', { name: 'Gửi lại liên kết qua email' });
    await user.click(resend);
    expect(await within(form).findByText('Nhập email')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url.includes('ResendAccessLink'))).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Email' }), ' an@example.com ');
    await user.click(resend);
    expect(await within(form).findByTestId('order-lookup-resend-error')).toHaveTextContent(
      'Bạn thao tác quá nhanh, vui lòng thử lại sau',
    );

    answer = () => okEnvelope({ message: MESSAGE });
    await user.click(resend);
    expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGE);
    const calls = fetch.mock.calls.filter(([url]) => url.includes('ResendAccessLink'));
    expect(calls.map(([url]) => url)).toEqual([
      '/retailstore/api/web/v1/Order/ResendAccessLink',
      '/retailstore/api/web/v1/Order/ResendAccessLink',
    ]);
    expect(calls[1][1]?.method).toBe('POST');
    expect(jsonBody(calls[1][1])).toEqual({ code: 'DH7K2M9QXA', email: 'an@example.com' });
    // Asking for a link looks nothing up.
    expect(fetch.mock.calls.some(([url]) => url.includes('OrderLookup'))).toBe(false);
  });
});
