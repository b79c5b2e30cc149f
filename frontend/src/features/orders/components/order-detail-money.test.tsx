import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';
import { actionsOf, adminOrder, completedOrder, signInAsStaff } from './order-detail-fixtures';

beforeEach(signInAsStaff);
afterEach(() => vi.unstubAllGlobals());

describe('admin order detail: payments, delivery, refunds and cancelling', () => {
  it('confirms a payment with an amount and an Idempotency-Key, after a confirm dialog', async () => {
    let current = adminOrder({ paidAmount: 50000, paymentStatus: 'partially_paid' });
    const fetch = mockFetch((url) => {
      if (url.includes('/Order/ConfirmPayment')) {
        current = { ...completedOrder };
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
    // The order refreshes: now completedOrder, with the completedOrder order's actions.
    await waitFor(() =>
      expect(actionsOf()).toEqual(['Cấp mã thay thế', 'Xem mã', 'Tạo đường dẫn mới']),
    );
  });

  it('delivers the codes of a needs_attention order after a confirmation, and refreshes the order', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const attention = adminOrder({
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
        if (response.status === 200) current = { ...completedOrder, status: 'completed' };
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

    answer = () => okEnvelope({ ...completedOrder, status: 'completed' });
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
    const attention = adminOrder({
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

  it("cancels with a reason in one dialog: 'Quay lại' leaves, the red 'Hủy đơn' cancels", async () => {
    const fetch = mockFetch((url) =>
      url.includes('/Order/Cancel')
        ? okEnvelope(adminOrder({ status: 'cancelled' }))
        : okEnvelope(adminOrder()),
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
});
