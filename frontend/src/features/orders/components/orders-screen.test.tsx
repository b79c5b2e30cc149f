import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { OrderListItem } from '../api/types';
import { filtersFromSearch, rangeOfDays, searchFromFilters } from './orders-url-state';

beforeEach(() =>
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'staff' }))),
);
afterEach(() => vi.unstubAllGlobals());

const rows: OrderListItem[] = [
  {
    id: 'o-1',
    code: 'DH7K2M9QXA',
    status: 'needs_attention',
    paymentStatus: 'overpaid',
    customerName: 'Nguyễn An',
    email: 'an@example.com',
    phone: '0912345678',
    total: 190000,
    paidAmount: 200000,
    itemCount: 2,
    providerName: 'Vietcombank',
    createdAt: '2026-11-22T03:00:00Z',
    paidAt: '2026-11-22T03:20:00Z',
  },
  {
    id: 'o-2',
    code: 'DH0000000B',
    status: 'pending_payment',
    paymentStatus: 'unpaid',
    customerName: null,
    email: 'binh@example.com',
    phone: null,
    total: 95000,
    paidAmount: 0,
    itemCount: 1,
    providerName: 'Vietcombank',
    createdAt: '2026-11-22T04:00:00Z',
    paidAt: null,
  },
];

function listFetch() {
  return mockFetch((url) => {
    if (url.includes('/Product/Read')) return okEnvelope({ id: 'p-9', name: 'Steam 100K' });
    return okEnvelope({ items: rows, totalCount: rows.length, pageIndex: 1, pageSize: 20 });
  });
}

function paramsOf(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('orders screen', () => {
  it('lists orders with coloured status chips and links to their detail', async () => {
    const fetch = listFetch();
    renderApp('/admin/orders');
    const table = await screen.findByRole('table', { name: 'Danh sách đơn hàng' });
    const first = (await within(table).findByText('DH7K2M9QXA')).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'Mở đơn DH7K2M9QXA' })).toHaveAttribute(
      'href',
      '/admin/orders/o-1',
    );
    expect(within(first).getByText('Cần xử lý')).toHaveClass('MuiChip-label');
    expect(within(first).getByText('Thanh toán dư')).toBeInTheDocument();
    expect(first).toHaveTextContent(/190\.000\s₫/);
    expect(
      within(table)
        .getAllByTestId('order-status-chip')
        .map((chip) => chip.getAttribute('data-status')),
    ).toEqual(['needs_attention', 'pending_payment']);
    expect(fetch.mock.calls[0][0]).toBe(
      '/retailstore/api/admin/v1/Order/Pagination?pageIndex=1&pageSize=20',
    );
  });

  it('reads its filters from the URL and sends them with the day range in the shop zone', async () => {
    const fetch = listFetch();
    renderApp(
      '/admin/orders?status=pending_payment&paymentStatus=unpaid&productId=p-9&from=2026-11-01&to=2026-11-30&keyword=DH7K',
    );
    await screen.findByRole('table', { name: 'Danh sách đơn hàng' });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url.includes('/Order/Pagination'))).toBe(true),
    );
    const call = fetch.mock.calls.find(([url]) => url.includes('/Order/Pagination'))!;
    expect(paramsOf(call[0])).toEqual({
      pageIndex: '1',
      pageSize: '20',
      keyword: 'DH7K',
      status: 'pending_payment',
      paymentStatus: 'unpaid',
      productId: 'p-9',
      from: '2026-11-01T00:00:00+07:00',
      to: '2026-12-01T00:00:00+07:00',
    });
    expect(await screen.findByDisplayValue('Steam 100K')).toBeInTheDocument();
  });

  it('filters by status and sorts by total on the server', async () => {
    const fetch = listFetch();
    const { router } = renderApp('/admin/orders');
    await screen.findByRole('table', { name: 'Danh sách đơn hàng' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Cần xử lý' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=needs_attention'));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => paramsOf(url).status === 'needs_attention')).toBe(
        true,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Tổng tiền' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url]) => paramsOf(url).sortBy === 'total' && paramsOf(url).sortDir === 'desc',
        ),
      ).toBe(true),
    );
  });

  it('keeps only known values from the URL', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('status=nope&paymentStatus=paid&from=2026-02-30&to=2026-03-01'),
    );
    expect(filters).toEqual({
      keyword: '',
      status: '',
      paymentStatus: 'paid',
      productId: '',
      fromDay: '',
      toDay: '2026-03-01',
    });
    expect(searchFromFilters(filters).toString()).toBe('paymentStatus=paid&to=2026-03-01');
    expect(rangeOfDays('', '2026-03-01')).toEqual({
      from: undefined,
      to: '2026-03-02T00:00:00+07:00',
    });
  });
});
