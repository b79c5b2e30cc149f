import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { PaymentTransaction } from '../api/types';
import { isHighlighted } from './transactions-table';

beforeEach(() =>
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'staff' }))),
);
afterEach(() => vi.unstubAllGlobals());

function transaction(overrides: Partial<PaymentTransaction>): PaymentTransaction {
  return {
    id: 't-1',
    providerId: 'pp-1',
    providerName: 'Vietcombank',
    externalId: '92704',
    gateway: 'Vietcombank',
    transactionDate: '2026-11-22T03:05:00Z',
    accountNumber: '0123456789',
    subAccount: null,
    code: null,
    content: 'CHUYEN TIEN MUA MA',
    transferType: 'in',
    amount: 190000,
    referenceCode: 'FT26326',
    status: 'unmatched',
    orderCode: null,
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-22T03:05:02Z',
    processedAt: '2026-11-22T03:05:02Z',
    bankRef: 'sepay:92704',
    flag: null,
    source: 'webhook',
    ...overrides,
  };
}

const rows = [
  transaction({}),
  transaction({
    id: 't-2',
    status: 'matched',
    content: 'DH7K2M9QXA thanh toan',
    code: 'DH7K2M9QXA',
    orderCode: 'DH7K2M9QXA',
  }),
  transaction({
    id: 't-3',
    status: 'pending',
    orderCode: 'DH0000000B',
    attempts: 3,
    lastError: 'retailstore unavailable',
  }),
  transaction({ id: 't-4', status: 'ignored', transferType: 'out', amount: 50000 }),
];

function api(
  assign: (body: { id: string; orderCode: string }) => Response = () =>
    okEnvelope(transaction({ status: 'matched' })),
) {
  return mockFetch((url, init) => {
    if (url.includes('/PaymentTransaction/Assign'))
      return assign(jsonBody<{ id: string; orderCode: string }>(init));
    if (url.includes('/PaymentProvider/Pagination'))
      return okEnvelope({
        items: [{ id: 'pp-1', name: 'Vietcombank' }],
        totalCount: 1,
        pageIndex: 1,
        pageSize: 100,
      });
    return okEnvelope({ items: rows, totalCount: rows.length, pageIndex: 1, pageSize: 20 });
  });
}

describe('received transactions', () => {
  it("shows the transfer's SePay reference, how it arrived, and flags money that reached another provider than the order's", async () => {
    const flagged = transaction({
      id: 't-9',
      bankRef: 'sepay:93001',
      externalId: '93001',
      content: 'DH7K2M9QXA chuyen nham tai khoan',
      code: 'DH7K2M9QXA',
      flag: 'provider_mismatch',
      lastError:
        'Tiền cho đơn DH7K2M9QXA đến qua MB, không phải phương thức thanh toán của đơn: chưa ghi nhận, cần kiểm tra',
    });
    const recovered = transaction({
      id: 't-8',
      status: 'matched',
      source: 'reconciliation',
      bankRef: 'sepay:93000',
      orderCode: 'DH0000000B',
    });
    const legacy = transaction({
      id: 't-7',
      status: 'matched',
      bankRef: null,
      externalId: '80001',
      orderCode: 'DH0000000C',
    });
    mockFetch((url) =>
      url.includes('/PaymentProvider/Pagination')
        ? okEnvelope({
            items: [{ id: 'pp-1', name: 'Vietcombank' }],
            totalCount: 1,
            pageIndex: 1,
            pageSize: 100,
          })
        : okEnvelope({
            items: [flagged, transaction({}), recovered, legacy],
            totalCount: 4,
            pageIndex: 1,
            pageSize: 20,
          }),
    );
    renderApp('/admin/providers/transactions');
    const table = await screen.findByRole('table', { name: 'Danh sách giao dịch nhận được' });
    await within(table).findByText('DH7K2M9QXA chuyen nham tai khoan');
    const byId = (id: string) =>
      within(table)
        .getAllByTestId('transactions-row')
        .find((row) => row.getAttribute('data-transaction-id') === id)!;

    // The mismatch stands out on its own, beside its "Chưa khớp" status, and can be assigned by hand.
    expect(byId('t-9')).toHaveAttribute('data-flag', 'provider_mismatch');
    expect(byId('t-9')).toHaveAttribute('data-highlighted', 'true');
    expect(within(byId('t-9')).getByText('Sai tài khoản nhận')).toBeInTheDocument();
    expect(within(byId('t-9')).getByText('Chưa khớp')).toBeInTheDocument();
    expect(within(byId('t-9')).getByRole('button', { name: /^Gán giao dịch/ })).toBeInTheDocument();
    expect(within(table).getAllByText('Sai tài khoản nhận')).toHaveLength(1);
    expect(byId('t-1')).toHaveAttribute('data-flag', '');

    expect(within(byId('t-9')).getByText('Mã GD: sepay:93001')).toBeInTheDocument();
    expect(within(byId('t-7')).getByText('Mã GD: 80001')).toBeInTheDocument();

    expect(within(byId('t-8')).getByText('Đối soát')).toBeInTheDocument();
    expect(within(table).getAllByTestId('transaction-source-chip')).toHaveLength(1);
    expect(isHighlighted({ status: 'matched', flag: 'provider_mismatch' })).toBe(true);
  });

  it('highlights unmatched transfers and offers Assign on them only', async () => {
    const fetch = api();
    renderApp('/admin/providers/transactions');
    const table = await screen.findByRole('table', { name: 'Danh sách giao dịch nhận được' });
    await within(table).findByText('DH7K2M9QXA thanh toan');
    const byId = (id: string) =>
      within(table)
        .getAllByTestId('transactions-row')
        .find((row) => row.getAttribute('data-transaction-id') === id)!;
    expect(byId('t-1')).toHaveAttribute('data-highlighted', 'true');
    for (const id of ['t-2', 't-3', 't-4'])
      expect(byId(id)).toHaveAttribute('data-highlighted', 'false');
    expect(within(byId('t-1')).getByText('Chưa khớp')).toBeInTheDocument();
    expect(within(byId('t-3')).getByText('Đang xử lý')).toBeInTheDocument();
    expect(within(byId('t-2')).getByRole('link', { name: 'DH7K2M9QXA' })).toHaveAttribute(
      'href',
      '/admin/orders?keyword=DH7K2M9QXA',
    );
    expect(within(byId('t-4')).getByTestId('transaction-amount')).toHaveTextContent(/−50\.000\s₫/);
    expect(within(table).getAllByRole('button', { name: /^Gán giao dịch/ })).toHaveLength(1);
    expect(
      fetch.mock.calls.find(([url]) => url.includes('PaymentTransaction/Pagination'))![0],
    ).toBe('/paymentprovider/api/admin/v1/PaymentTransaction/Pagination?pageIndex=1&pageSize=20');
    // The sidebar's 'Nhà cung cấp' group links here.
    expect(screen.getByRole('link', { name: 'Giao dịch nhận được' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(isHighlighted({ status: 'unmatched' })).toBe(true);
    expect(isHighlighted({ status: 'duplicate' })).toBe(false);
  });

  it('filters by status, provider and keyword', async () => {
    const fetch = api();
    renderApp('/admin/providers/transactions');
    await screen.findByRole('table', { name: 'Danh sách giao dịch nhận được' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Chưa khớp' }));
    await user.click(screen.getByRole('combobox', { name: 'Dịch vụ thanh toán' }));
    await user.click(await screen.findByRole('option', { name: 'Vietcombank' }));
    await user.type(screen.getByTestId('transactions-search'), 'FT263');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) =>
          url.endsWith(
            'Pagination?pageIndex=1&pageSize=20&keyword=FT263&status=unmatched&providerId=pp-1',
          ),
        ),
      ).toBe(true),
    );
  });

  it('assigns an unmatched transfer to an order after a confirmation; an unknown code stays on the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bodies: { id: string; orderCode: string }[] = [];
    api((body) => {
      bodies.push(body);
      return body.orderCode === 'DH00000000'
        ? errorEnvelope(404, 403, 'Không tìm thấy đơn hàng')
        : okEnvelope(transaction({ status: 'matched', orderCode: body.orderCode }));
    });
    renderApp('/admin/providers/transactions');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: /^Gán giao dịch 190\.000\s₫ “CHUYEN TIEN MUA MA”/,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gán giao dịch vào đơn hàng' });
    const code = within(dialog).getByRole('textbox', { name: 'Mã đơn hàng' });
    await user.type(code, 'xyz');
    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));
    expect(
      await within(dialog).findByText('Mã đơn hàng gồm DH và 8 ký tự, ví dụ DH7K2M9QXA'),
    ).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, 'dh00000000');
    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Gán giao dịch' })).getByRole('button', {
        name: 'Gán vào đơn',
      }),
    );
    expect(
      await within(dialog).findByText('Không tìm thấy đơn hàng DH00000000'),
    ).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, ' dh7k2m9qxa ');
    await user.click(await within(dialog).findByRole('button', { name: 'Gán vào đơn' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Gán giao dịch' });
    expect(confirmDialog).toHaveTextContent(
      /Ghi nhận giao dịch 190\.000\s₫ là thanh toán của đơn DH7K2M9QXA/,
    );
    await user.click(within(confirmDialog).getByRole('button', { name: 'Gán vào đơn' }));
    expect(
      await screen.findByText(/Đã gán giao dịch 190\.000\s₫ vào đơn DH7K2M9QXA/),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { id: 't-1', orderCode: 'DH00000000' },
      { id: 't-1', orderCode: 'DH7K2M9QXA' },
    ]);
  });

  it('says the transfer waits as pending when the order service is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api(() => errorEnvelope(503, 8, 'Dịch vụ tạm thời không khả dụng'));
    renderApp('/admin/providers/transactions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Gán giao dịch 190\.000/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Gán giao dịch vào đơn hàng' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Mã đơn hàng' }), 'DH7K2M9QXA');
    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Gán giao dịch' })).getByRole('button', {
        name: 'Gán vào đơn',
      }),
    );
    expect(
      await screen.findByText(/được giữ ở trạng thái “Đang xử lý” với đơn DH7K2M9QXA/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Gán giao dịch vào đơn hàng' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('suggests orders of the same amount and with a code close to the memo, and previews the chosen one', async () => {
    const slip = transaction({ id: 't-7', content: 'CK DH7K2M9QXB mua ma', amount: 190000 });
    const listed = (code: string, overrides: object) => ({
      id: `o-${code}`,
      code,
      createdAt: '2026-11-22T03:00:00Z',
      email: 'binh.nguyen@vidu.vn',
      phone: null,
      customerName: null,
      itemCount: 1,
      paidAmount: 0,
      paidAt: null,
      paymentStatus: 'unpaid',
      providerName: 'Vietcombank',
      total: 190000,
      status: 'pending_payment',
      ...overrides,
    });
    const orderQueries: string[] = [];
    const bodies: { id: string; orderCode: string }[] = [];
    mockFetch((url, init) => {
      if (url.includes('/PaymentTransaction/Assign')) {
        bodies.push(jsonBody(init));
        return okEnvelope(transaction({ status: 'matched' }));
      }
      if (url.includes('/Order/Pagination')) {
        orderQueries.push(url);
        const query = new URL(url, 'http://x').searchParams;
        const items = query.get('total')
          ? [
              listed('DHAAAAAAAA', { createdAt: '2026-11-22T01:00:00Z' }),
              listed('DHBBBBBBBB', { status: 'expired' }),
              listed('DHCCCCCCCC', { status: 'completed' }),
            ]
          : [
              listed('DH7K2M9QXA', { total: 50000, email: 'an@vidu.vn' }),
              listed('DH7K2XXXXX', { total: 50000 }),
            ];
        return okEnvelope({ items, totalCount: items.length, pageIndex: 1, pageSize: 20 });
      }
      if (url.includes('/PaymentProvider/Pagination'))
        return okEnvelope({ items: [], totalCount: 0, pageIndex: 1, pageSize: 100 });
      return okEnvelope({ items: [slip], totalCount: 1, pageIndex: 1, pageSize: 20 });
    });
    renderApp('/admin/providers/transactions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Gán giao dịch 190\.000/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Gán giao dịch vào đơn hàng' });
    await waitFor(() => expect(within(dialog).getAllByTestId('assign-candidate')).toHaveLength(3));
    // Same amount, waiting, newest first; then the code one slip away from the memo's.
    expect(
      within(dialog)
        .getAllByTestId('assign-candidate')
        .map((item) => item.getAttribute('data-code')),
    ).toEqual(['DHBBBBBBBB', 'DHAAAAAAAA', 'DH7K2M9QXA']);
    expect(orderQueries.some((url) => url.includes('total=190000'))).toBe(true);
    expect(orderQueries.some((url) => url.includes('keyword=DH7K2M'))).toBe(true);

    await user.click(within(dialog).getAllByTestId('assign-candidate')[2]);
    expect(within(dialog).getByRole('textbox', { name: 'Mã đơn hàng' })).toHaveValue('DH7K2M9QXA');
    const preview = within(dialog).getByTestId('assign-preview');
    expect(preview).toHaveTextContent(/50\.000\s₫/);
    expect(preview).toHaveTextContent('Chờ thanh toán');
    expect(preview).toHaveTextContent('a***@vidu.vn');
    expect(preview).not.toHaveTextContent('an@vidu.vn');

    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Gán giao dịch' })).getByRole('button', {
        name: 'Gán vào đơn',
      }),
    );
    await waitFor(() => expect(bodies).toEqual([{ id: 't-7', orderCode: 'DH7K2M9QXA' }]));
  });
});
