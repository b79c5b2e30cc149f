import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { AdminOrderDetail } from '../api/types';

beforeEach(() =>
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'staff' }))),
);
afterEach(() => vi.unstubAllGlobals());

function order(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: 'o-1',
    code: 'DH7K2M9QXA',
    status: 'pending_payment',
    paymentStatus: 'unpaid',
    createdAt: '2026-11-22T03:00:00Z',
    updatedAt: '2026-11-22T03:00:00Z',
    expiresAt: '2026-11-22T03:15:00Z',
    paidAt: null,
    completedAt: null,
    customerName: 'Nguyễn An',
    email: 'an@example.com',
    phone: '0912345678',
    note: null,
    cancelReason: null,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    items: [
      {
        id: 'i-1',
        productId: 'p-1',
        productName: 'Steam 100K',
        imageUrl: null,
        unitPrice: 95000,
        quantity: 2,
        lineTotal: 190000,
        codes: [
          {
            id: 'c-1',
            maskedCode: 'STEA••••1111',
            serial: null,
            status: 'reserved',
            replacement: false,
            replaced: false,
          },
          {
            id: 'c-2',
            maskedCode: 'STEA••••2222',
            serial: null,
            status: 'reserved',
            replacement: false,
            replaced: false,
          },
        ],
      },
    ],
    total: 190000,
    paidAmount: 0,
    refundedAmount: 0,
    cancelledAt: null,
    payment: {
      providerId: 'pp-1',
      providerName: 'Vietcombank',
      type: 'vietqr_bank',
      bankName: 'Vietcombank',
      bankBin: '970436',
      accountNumber: '0123456789',
      accountName: 'NGUYEN VAN A',
      transferContent: 'DH7K2M9QXA',
      amountDue: 190000,
      qrPayload: null,
      instructions: null,
    },
    payments: [],
    events: [
      { at: '2026-11-22T03:00:00Z', type: 'created', message: 'Đơn hàng được tạo', actor: null },
    ],
    ...overrides,
  };
}

const completed = order({
  status: 'completed',
  paymentStatus: 'paid',
  paidAmount: 190000,
  paidAt: '2026-11-22T03:05:00Z',
  payments: [
    {
      transactionId: 'tx-1',
      amount: 190000,
      paidAt: '2026-11-22T03:05:00Z',
      source: 'webhook',
      actor: null,
      note: null,
      linkedTransactionId: null,
      recordedAt: '2026-11-22T03:05:01Z',
    },
  ],
  events: [
    {
      at: '2026-11-22T03:05:00Z',
      type: 'payment_received',
      message: 'Nhận 190.000 ₫ qua chuyển khoản',
      actor: null,
    },
    { at: '2026-11-22T03:00:00Z', type: 'created', message: 'Đơn hàng được tạo', actor: null },
  ],
});

function actionsOf(): string[] {
  return within(screen.getByTestId('order-actions'))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('admin order detail', () => {
  it.each([
    ['pending_payment', ['Xác nhận thanh toán', 'Hủy đơn']],
    ['completed', ['Cấp mã thay thế', 'Xem mã', 'Tạo đường dẫn mới']],
    ['expired', ['Xác nhận thanh toán', 'Hủy đơn']],
    ['needs_attention', ['Xác nhận thanh toán', 'Hủy đơn']],
    ['cancelled', []],
  ] as const)('shows only the actions a %s order allows', async (status, expected) => {
    mockFetch(() => okEnvelope(order({ status })));
    renderApp('/admin/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng DH7K2M9QXA' });
    expect(actionsOf()).toEqual(expected);
  });

  it('offers a needs_attention order whose money covers it Deliver and RecordRefund', async () => {
    mockFetch(() =>
      okEnvelope(order({ status: 'needs_attention', paidAmount: 190000, paymentStatus: 'paid' })),
    );
    renderApp('/admin/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng DH7K2M9QXA' });
    expect(actionsOf()).toEqual([
      'Xác nhận thanh toán',
      'Giao mã',
      'Ghi nhận hoàn tiền',
      'Hủy đơn',
    ]);
  });

  it('delivers the codes of a needs_attention order after a confirmation, and refreshes the order', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const attention = order({
      status: 'needs_attention',
      paidAmount: 190000,
      paymentStatus: 'paid',
      cancelledAt: '2026-11-22T03:04:00Z',
      cancelReason: 'Khách đổi ý',
    });
    let current = attention;
    let answer = () =>
      errorEnvelope(400, 400, 'Không đủ mã trong kho', [
        { field: 'items[0].quantity', message: 'Steam 100K: chỉ còn 1 mã' },
      ]);
    const fetch = mockFetch((url) => {
      if (url.includes('/Order/Deliver')) {
        const response = answer();
        if (response.status === 200) current = { ...completed, status: 'completed' };
        return response;
      }
      return okEnvelope(current);
    });
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Giao mã' }));
    const dialog = await screen.findByRole('dialog', { name: 'Giao mã cho đơn DH7K2M9QXA' });
    expect(dialog).toHaveTextContent(/đã nhận \(trừ tiền đã hoàn\) 190\.000\s₫/);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Lý do giao (không bắt buộc)' }),
      'Khách đã chuyển tiền, giao theo yêu cầu',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Giao mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Giao mã cho khách' })).getByRole('button', {
        name: 'Giao mã',
      }),
    );

    // The server's refusal stays in the dialog, with the lines the stock cannot cover.
    const refusal = (await within(dialog).findByText('Không giao được mã')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(refusal).toHaveTextContent('Không đủ mã trong kho');
    expect(refusal).toHaveTextContent('Steam 100K: chỉ còn 1 mã');

    answer = () => okEnvelope({ ...completed, status: 'completed' });
    await user.click(await within(dialog).findByRole('button', { name: 'Giao mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Giao mã cho khách' })).getByRole('button', {
        name: 'Giao mã',
      }),
    );
    expect(await screen.findByText('Đã giao mã cho đơn DH7K2M9QXA')).toBeInTheDocument();
    const call = fetch.mock.calls.findLast(([url]) => url.includes('/Order/Deliver'))!;
    expect(call[0]).toBe('/retailstore/api/admin/v1/Order/Deliver');
    expect(jsonBody(call[1])).toEqual({
      id: 'o-1',
      note: 'Khách đã chuyển tiền, giao theo yêu cầu',
    });
    await waitFor(() =>
      expect(actionsOf()).toEqual(['Cấp mã thay thế', 'Xem mã', 'Tạo đường dẫn mới']),
    );
  });

  it('records a refund up to what the order holds, with how it was refunded; the server may still refuse', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const attention = order({
      status: 'needs_attention',
      paidAmount: 190000,
      refundedAmount: 40000,
      paymentStatus: 'paid',
    });
    let current = attention;
    let answer = () =>
      errorEnvelope(400, 1, 'Dữ liệu không hợp lệ', [
        { field: 'amount', message: 'Chỉ có thể hoàn tối đa 100.000 ₫' },
      ]);
    const fetch = mockFetch((url) => {
      if (url.includes('/Order/RecordRefund')) {
        const response = answer();
        if (response.status === 200) current = { ...attention, refundedAmount: 100000 };
        return response;
      }
      return okEnvelope(current);
    });
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    expect(await screen.findByTestId('order-refunded-amount')).toHaveTextContent(/40\.000\s₫/);
    await user.click(screen.getByRole('button', { name: 'Ghi nhận hoàn tiền' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Ghi nhận hoàn tiền cho đơn DH7K2M9QXA',
    });
    expect(dialog).toHaveTextContent(/còn có thể hoàn 150\.000\s₫/);
    const amount = within(dialog).getByRole('textbox', { name: 'Số tiền đã hoàn (VND)' });
    expect(amount).toHaveValue('150000');

    await user.clear(amount);
    await user.type(amount, '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Ghi nhận hoàn tiền' }));
    expect(
      await within(dialog).findByText(/^Chỉ có thể hoàn tối đa 150\.000\s₫$/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Ghi cách hoàn tiền (số giao dịch, tài khoản nhận...)'),
    ).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '120.000');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Cách hoàn tiền' }),
      'CK trả lại VCB FT2632',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ghi nhận hoàn tiền' }));
    let confirmDialog = await screen.findByRole('dialog', { name: 'Ghi nhận hoàn tiền' });
    expect(confirmDialog).toHaveTextContent(
      /Ghi nhận đã hoàn 120\.000\s₫ cho khách của đơn DH7K2M9QXA/,
    );
    await user.click(within(confirmDialog).getByRole('button', { name: 'Ghi nhận hoàn tiền' }));
    // The server's own limit shows under the amount.
    expect(await within(dialog).findByText('Chỉ có thể hoàn tối đa 100.000 ₫')).toBeInTheDocument();

    answer = () => okEnvelope({ ...attention, refundedAmount: 100000 });
    await within(dialog).findByRole('button', { name: 'Ghi nhận hoàn tiền' });
    await user.clear(amount);
    await user.type(amount, '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Ghi nhận hoàn tiền' }));
    confirmDialog = await screen.findByRole('dialog', { name: 'Ghi nhận hoàn tiền' });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Ghi nhận hoàn tiền' }));
    expect(
      await screen.findByText(/Đã ghi nhận hoàn 60\.000\s₫ cho đơn DH7K2M9QXA/),
    ).toBeInTheDocument();
    const call = fetch.mock.calls.findLast(([url]) => url.includes('/Order/RecordRefund'))!;
    expect(call[0]).toBe('/retailstore/api/admin/v1/Order/RecordRefund');
    expect(jsonBody(call[1])).toEqual({ id: 'o-1', amount: 60000, note: 'CK trả lại VCB FT2632' });
    // The order is asked for again: the refunded total follows.
    await waitFor(() =>
      expect(screen.getByTestId('order-refunded-amount')).toHaveTextContent(/100\.000\s₫/),
    );
  });

  it('shows customer, items with masked codes, payments and the timeline in order', async () => {
    const fetch = mockFetch(() => okEnvelope(completed));
    renderApp('/admin/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng DH7K2M9QXA' });
    expect(fetch.mock.calls[0][0]).toBe('/retailstore/api/admin/v1/Order/Detail?id=o-1');
    expect(screen.getByTestId('admin-order-detail')).toHaveAttribute('data-status', 'completed');
    expect(
      within(screen.getByRole('region', { name: 'Khách hàng' })).getByText('an@example.com'),
    ).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Sản phẩm và mã' });
    expect(
      within(items)
        .getAllByTestId('order-masked-code')
        .map((chip) => chip.textContent),
    ).toEqual(['STEA••••1111 · Đang giữ chỗ', 'STEA••••2222 · Đang giữ chỗ']);
    const payments = screen.getByRole('region', { name: 'Các khoản thanh toán' });
    expect(within(payments).getByText('Chuyển khoản (tự động)')).toBeInTheDocument();
    expect(within(payments).getByText('tx-1')).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Lịch sử đơn hàng' });
    expect(
      within(timeline)
        .getAllByTestId('order-event')
        .map((event) => event.getAttribute('data-type')),
    ).toEqual(['created', 'payment_received']);
  });

  it("says who assigned a bank transfer and when, with the bank's own reference", async () => {
    mockFetch(() =>
      okEnvelope({
        ...completed,
        payments: [
          {
            transactionId: 'sepay:92704',
            amount: 190000,
            paidAt: '2026-11-22T03:05:00Z',
            source: 'webhook',
            actor: 'nhanvien1',
            note: null,
            linkedTransactionId: null,
            recordedAt: '2026-11-22T04:10:00Z',
          },
        ],
      }),
    );
    renderApp('/admin/orders/o-1');
    const payments = await screen.findByRole('region', { name: 'Các khoản thanh toán' });
    const row = within(payments).getByTestId('order-payment-row');
    expect(row).toHaveAttribute('data-assigned', 'true');
    expect(within(row).getByText('Chuyển khoản (nhân viên gán)')).toBeInTheDocument();
    expect(within(row).getByText('sepay:92704')).toBeInTheDocument();
    expect(within(row).getByText('nhanvien1')).toBeInTheDocument();
    expect(within(row).getByText(/^Gán lúc /)).toBeInTheDocument();
  });

  it('confirms a payment with an amount and an Idempotency-Key, after a confirm dialog', async () => {
    let current = order({ paidAmount: 50000, paymentStatus: 'partially_paid' });
    const fetch = mockFetch((url) => {
      if (url.includes('/Order/ConfirmPayment')) {
        current = { ...completed };
        return okEnvelope(current);
      }
      return okEnvelope(current);
    });
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Xác nhận thanh toán' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Xác nhận thanh toán đơn DH7K2M9QXA',
    });
    const amount = within(dialog).getByRole('textbox', { name: 'Số tiền đã nhận (VND)' });
    // What is still due, by default.
    expect(amount).toHaveValue('140000');
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận thanh toán' }));
    expect(await within(dialog).findByText('Nhập số tiền')).toBeInTheDocument();
    await user.type(amount, '140.000');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Ghi chú (không bắt buộc)' }),
      'Khách chuyển MoMo',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận thanh toán' }));

    const confirmDialog = await screen.findByRole('dialog', { name: 'Xác nhận thanh toán' });
    expect(confirmDialog).toHaveTextContent(
      /Ghi nhận khoản thanh toán 140\.000\s₫ cho đơn DH7K2M9QXA/,
    );
    await user.click(within(confirmDialog).getByRole('button', { name: 'Xác nhận thanh toán' }));

    expect(
      await screen.findByText('Đã ghi nhận thanh toán cho đơn DH7K2M9QXA'),
    ).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('/Order/ConfirmPayment'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1', amount: 140000, note: 'Khách chuyển MoMo' });
    expect((call[1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    // The order refreshes: now completed, with the completed order's actions.
    await waitFor(() =>
      expect(actionsOf()).toEqual(['Cấp mã thay thế', 'Xem mã', 'Tạo đường dẫn mới']),
    );
  });

  it("cancels with a reason in one dialog: 'Quay lại' leaves, the red 'Hủy đơn' cancels", async () => {
    const fetch = mockFetch((url) =>
      url.includes('/Order/Cancel')
        ? okEnvelope(order({ status: 'cancelled' }))
        : okEnvelope(order()),
    );
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hủy đơn' }));
    let dialog = await screen.findByRole('dialog', { name: 'Hủy đơn DH7K2M9QXA' });
    // No two buttons called 'Hủy': one goes back, one cancels, in red.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Quay lại', 'Hủy đơn']);
    expect(within(dialog).getByRole('button', { name: 'Hủy đơn' })).toHaveClass(
      'MuiButton-contained',
      'MuiButton-colorError',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hủy đơn' }));
    expect(await within(dialog).findByText('Nhập lý do')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Lý do hủy' }),
      'Khách yêu cầu hủy',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Quay lại' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Hủy đơn DH7K2M9QXA' })).not.toBeInTheDocument(),
    );
    expect(fetch.mock.calls.some(([url]) => url.includes('/Order/Cancel'))).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Hủy đơn' }));
    dialog = await screen.findByRole('dialog', { name: 'Hủy đơn DH7K2M9QXA' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Lý do hủy' }),
      'Khách yêu cầu hủy',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hủy đơn' }));
    expect(await screen.findByText('Đã hủy đơn DH7K2M9QXA')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Hủy đơn hàng' })).not.toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('/Order/Cancel'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1', reason: 'Khách yêu cầu hủy' });
  });

  it('reveals the codes in a dialog that says the view is logged', async () => {
    mockFetch((url) =>
      url.includes('/Order/RevealCodes')
        ? okEnvelope({
            items: [
              {
                itemId: 'i-1',
                productId: 'p-1',
                productName: 'Steam 100K',
                codes: [
                  {
                    id: 'c-1',
                    code: 'STEAM-AAAA-1111',
                    status: 'sold',
                    expiresAt: null,
                    replacement: false,
                    replaced: true,
                  },
                  {
                    id: 'c-2',
                    code: 'STEAM-BBBB-2222',
                    status: 'sold',
                    expiresAt: null,
                    replacement: false,
                    replaced: false,
                  },
                  {
                    id: 'c-3',
                    code: 'STEAM-CCCC-3333',
                    status: 'sold',
                    expiresAt: null,
                    replacement: true,
                    replaced: false,
                  },
                ],
              },
            ],
          })
        : okEnvelope(completed),
    );
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Xem mã' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Xem mã của đơn' });
    expect(confirmDialog).toHaveTextContent(/nhật ký kiểm tra/);
    await user.click(within(confirmDialog).getByRole('button', { name: 'Xem mã' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mã của đơn DH7K2M9QXA' });
    expect(
      within(dialog)
        .getAllByTestId('revealed-code')
        .map((node) => node.textContent),
    ).toEqual(['STEAM-AAAA-1111', 'STEAM-BBBB-2222', 'STEAM-CCCC-3333']);
    expect(within(dialog).getAllByTestId('revealed-code')[0]).toHaveAttribute(
      'data-replaced',
      'true',
    );
    expect(within(dialog).getByText('Steam 100K · mã thay thế')).toBeInTheDocument();
    expect(within(dialog).getByText(/đã được ghi vào nhật ký kiểm tra/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sao chép mã 1' })).toHaveAttribute(
      'data-copy-text',
      'STEAM-AAAA-1111',
    );
  });

  it('regenerates the customer link and shows it with a copy button', async () => {
    const fetch = mockFetch((url) =>
      url.includes('/Order/RegenerateAccessLink')
        ? okEnvelope({ url: 'http://localhost:8080/order-detail?code=DH7K2M9QXA#token=new' })
        : okEnvelope(completed),
    );
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tạo đường dẫn mới' }));
    const form = await screen.findByRole('dialog', {
      name: 'Tạo đường dẫn mới cho đơn DH7K2M9QXA',
    });
    expect(
      within(form).getByRole('checkbox', { name: 'Gửi liên kết mới tới email của khách' }),
    ).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Tạo đường dẫn mới' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đường dẫn mới của đơn DH7K2M9QXA' });
    expect(within(dialog).getByRole('textbox', { name: 'Đường dẫn đơn hàng' })).toHaveValue(
      'http://localhost:8080/order-detail?code=DH7K2M9QXA#token=new',
    );
    expect(within(dialog).getByRole('button', { name: 'Sao chép đường dẫn' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('access-link-emailed')).not.toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('RegenerateAccessLink'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1' });
  });

  it('e-mails the new link to the customer when asked (sendEmail)', async () => {
    const fetch = mockFetch((url) =>
      url.includes('/Order/RegenerateAccessLink')
        ? okEnvelope({ url: 'http://localhost:8080/order-detail?code=DH7K2M9QXA#token=new' })
        : okEnvelope(completed),
    );
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tạo đường dẫn mới' }));
    const form = await screen.findByRole('dialog', {
      name: 'Tạo đường dẫn mới cho đơn DH7K2M9QXA',
    });
    expect(within(form).getByText('Gửi tới an@example.com')).toBeInTheDocument();
    await user.click(
      within(form).getByRole('checkbox', { name: 'Gửi liên kết mới tới email của khách' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Tạo đường dẫn mới' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đường dẫn mới của đơn DH7K2M9QXA' });
    expect(within(dialog).getByTestId('access-link-emailed')).toHaveTextContent(
      'Một đường dẫn mới cũng đang được gửi tới an@example.com',
    );
    const call = fetch.mock.calls.find(([url]) => url.includes('RegenerateAccessLink'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1', sendEmail: true });
  });

  it("lists the order's notifications with labels, masked recipients and status", async () => {
    mockFetch(() =>
      okEnvelope({
        ...completed,
        notifications: [
          {
            event: 'codes_ready',
            channel: 'email',
            status: 'failed',
            sentAt: null,
            recipient: 'a•••@example.com',
            attempts: 7,
            createdAt: '2026-11-22T03:05:01Z',
          },
          {
            event: 'order_placed',
            channel: 'email',
            status: 'sent',
            sentAt: '2026-11-22T03:00:04Z',
            recipient: 'a•••@example.com',
            attempts: 1,
            createdAt: '2026-11-22T03:00:01Z',
          },
          {
            event: 'codes_ready',
            channel: 'telegram',
            status: 'pending',
            sentAt: null,
            recipient: '',
            attempts: 0,
            createdAt: '2026-11-22T03:05:02Z',
          },
        ],
      }),
    );
    renderApp('/admin/orders/o-1');
    const section = await screen.findByRole('region', { name: 'Thông báo' });
    const rows = within(section).getAllByTestId('order-notification-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['22/11/2026 10:00', 'Xác nhận đặt hàng', 'Email', 'a•••@example.com', 'Đã gửi', '1'],
      ['22/11/2026 10:05', 'Mã đã sẵn sàng', 'Email', 'a•••@example.com', 'Thất bại', '7'],
      ['22/11/2026 10:05', 'Mã đã sẵn sàng', 'Telegram', '—', 'Chờ gửi', '0'],
    ]);
    // Staff see no link to the admin-only deliveries screen.
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when the order has no notifications, and links admins to its deliveries', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'admin' })));
    mockFetch(() => okEnvelope({ ...completed, notifications: [] }));
    renderApp('/admin/orders/o-1');
    const section = await screen.findByRole('region', { name: 'Thông báo' });
    expect(within(section).getByText('Chưa có thông báo nào cho đơn này')).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Xem và gửi lại trong Hệ thống › Thông báo' }),
    ).toHaveAttribute('href', '/admin/system/notifications?tab=deliveries&keyword=DH7K2M9QXA');
  });

  it('issues replacement codes for an item, and shows 404 when the state changed meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = () => errorEnvelope(409, 404, 'Đơn hàng không ở trạng thái cho phép thao tác này');
    const fetch = mockFetch((url) =>
      url.includes('/Order/ReplaceCodes') ? answer() : okEnvelope(completed),
    );
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cấp mã thay thế' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cấp mã thay thế cho đơn DH7K2M9QXA',
    });
    const quantity = within(dialog).getByRole('textbox', { name: 'Số mã thay thế' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do' }), 'Mã lỗi');
    await user.click(within(dialog).getByRole('button', { name: 'Cấp mã' }));
    expect(await within(dialog).findByText('Số lượng từ 1 đến 2')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Cấp mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cấp mã thay thế' })).getByRole('button', {
        name: 'Cấp mã',
      }),
    );
    expect(
      await screen.findByText('Đơn hàng không ở trạng thái cho phép thao tác này'),
    ).toBeInTheDocument();

    answer = () => okEnvelope(completed);
    await user.click(await within(dialog).findByRole('button', { name: 'Cấp mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cấp mã thay thế' })).getByRole('button', {
        name: 'Cấp mã',
      }),
    );
    expect(await screen.findByText('Đã cấp 1 mã thay thế cho đơn DH7K2M9QXA')).toBeInTheDocument();
    const call = fetch.mock.calls.findLast(([url]) => url.includes('/Order/ReplaceCodes'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1', itemId: 'i-1', quantity: 1, reason: 'Mã lỗi' });
  });

  it('replaces the code the shopper reported when staff pick it', async () => {
    const sold = {
      ...completed,
      items: completed.items.map((item) => ({
        ...item,
        codes: [
          {
            id: 'c-1',
            maskedCode: 'STEA••••1111',
            serial: null,
            status: 'sold' as const,
            replacement: false,
            replaced: false,
          },
          {
            id: 'c-2',
            maskedCode: 'STEA••••2222',
            serial: 'SR-2',
            status: 'sold' as const,
            replacement: false,
            replaced: false,
          },
          {
            id: 'c-0',
            maskedCode: 'STEA••••0000',
            serial: null,
            status: 'sold' as const,
            replacement: false,
            replaced: true,
          },
        ],
      })),
    };
    const fetch = mockFetch(() => okEnvelope(sold));
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cấp mã thay thế' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cấp mã thay thế cho đơn DH7K2M9QXA',
    });
    const pick = within(dialog).getByTestId('replace-codes-pick');
    // Only the codes the shopper still holds can be picked.
    expect(within(pick).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(pick).getByRole('checkbox', { name: 'STEA••••2222 · Seri SR-2' }));
    expect(within(dialog).getByRole('textbox', { name: 'Số mã thay thế' })).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Số mã thay thế' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do' }), 'Khách báo mã lỗi');
    await user.click(within(dialog).getByRole('button', { name: 'Cấp mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cấp mã thay thế' })).getByRole('button', {
        name: 'Cấp mã',
      }),
    );
    expect(await screen.findByText('Đã cấp 1 mã thay thế cho đơn DH7K2M9QXA')).toBeInTheDocument();
    const call = fetch.mock.calls.findLast(([url]) => url.includes('/Order/ReplaceCodes'))!;
    expect(jsonBody(call[1])).toEqual({
      id: 'o-1',
      itemId: 'i-1',
      quantity: 1,
      reason: 'Khách báo mã lỗi',
      codeIds: ['c-2'],
    });
  });
});
