import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { DashboardSummary } from '../api/types';

// The chart library draws SVG with layout measurements jsdom lacks; its wiring is checked here.
vi.mock('./revenue-chart', () => ({
  default: ({ points }: { points: { day: string; revenue: number }[] }) => (
    <ol data-testid="revenue-chart-points">
      {points.map((point) => (
        <li key={point.day}>{`${point.day}=${point.revenue}`}</li>
      ))}
    </ol>
  ),
}));

beforeEach(() =>
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession({ role: 'staff' }))),
);
afterEach(() => vi.unstubAllGlobals());

const summary: DashboardSummary = {
  from: '2026-11-01T00:00:00+07:00',
  to: '2026-12-01T00:00:00+07:00',
  revenue: 1_250_000,
  completedOrders: 12,
  orderCounts: { pending_payment: 3, completed: 12, expired: 2, cancelled: 1, needs_attention: 1 },
  codesSold: 27,
  revenueByDay: [{ date: new Date().toISOString().slice(0, 10), revenue: 1_250_000, orders: 12 }],
  topProducts: [{ productId: 'p-1', name: 'Steam 100K', quantity: 20, revenue: 1_900_000 }],
  lowStock: [{ productId: 'p-2', name: 'Garena 50K', available: 1, lowStockThreshold: 5 }],
};

function paramsOf(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('dashboard', () => {
  it('shows revenue, paid orders, status counts, the chart, top products and low-stock links', async () => {
    const fetch = mockFetch(() => okEnvelope(summary));
    renderApp('/admin');
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-revenue')).toHaveTextContent(/1\.250\.000\s₫/),
    );
    expect(screen.getByTestId('dashboard-paid-orders')).toHaveTextContent('12');
    expect(screen.getByTestId('dashboard-codes-sold')).toHaveTextContent('27');
    expect(screen.getByTestId('dashboard-needs-attention')).toHaveTextContent('1');

    const counts = screen.getByRole('region', { name: 'Đơn hàng theo trạng thái' });
    const pending = within(counts).getByRole('link', { name: 'Chờ thanh toán: 3' });
    expect(pending.getAttribute('href')).toMatch(
      /^\/admin\/orders\?status=pending_payment&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );

    // Seven days by default, one bar per day, the days without sales at zero.
    expect(await screen.findByTestId('revenue-chart-points')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('revenue-chart-points')).getAllByRole('listitem'),
    ).toHaveLength(7);

    const top = screen.getByRole('region', { name: 'Sản phẩm bán chạy' });
    expect(within(top).getByText('Steam 100K')).toBeInTheDocument();
    const low = screen.getByRole('region', { name: 'Sắp hết mã' });
    expect(within(low).getByText('Còn 1 mã (ngưỡng 5)')).toBeInTheDocument();
    expect(within(low).getByRole('link', { name: 'Nhập mã cho Garena 50K' })).toHaveAttribute(
      'href',
      '/admin/products/serial-codes?productId=p-2',
    );

    const first = paramsOf(
      fetch.mock.calls.find(([url]) => url.includes('/Dashboard/Summary'))![0],
    );
    expect(first.from).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+07:00$/);
    expect(new Date(first.to).getTime() - new Date(first.from).getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );
    // Staff see no admin-only shortcuts.
    expect(screen.queryByTestId('dashboard-users-link')).not.toBeInTheDocument();
  });

  it('switches the range to today and 30 days', async () => {
    const fetch = mockFetch(() => okEnvelope(summary));
    renderApp('/admin');
    await waitFor(() => expect(screen.getByTestId('dashboard-codes-sold')).toHaveTextContent('27'));
    const user = userEvent.setup();
    const spans = () =>
      fetch.mock.calls
        .filter(([url]) => url.includes('/Dashboard/Summary'))
        .map(
          ([url]) =>
            (new Date(paramsOf(url).to).getTime() - new Date(paramsOf(url).from).getTime()) /
            (24 * 3600 * 1000),
        );
    await user.click(screen.getByRole('button', { name: 'Hôm nay' }));
    await waitFor(() => expect(spans()).toContain(1));
    await user.click(screen.getByRole('button', { name: '30 ngày' }));
    await waitFor(() => expect(spans()).toContain(30));
    expect(screen.getByRole('button', { name: '30 ngày' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(await screen.findByTestId('revenue-chart-points')).getAllByRole('listitem'),
    ).toHaveLength(30);
  });

  it('shows the transfers waiting for staff, linking to them, and polls them', async () => {
    const fetch = mockFetch((url) =>
      url.includes('/UnmatchedSummary')
        ? okEnvelope({ count: 2, total: 150_000 })
        : okEnvelope(summary),
    );
    renderApp('/admin');
    const card = await screen.findByRole('region', { name: 'Giao dịch chưa khớp' });
    await waitFor(() =>
      expect(within(card).getByTestId('dashboard-unmatched-count')).toHaveTextContent('2'),
    );
    expect(within(card).getByTestId('dashboard-unmatched-total')).toHaveTextContent(/150\.000\s₫/);
    expect(within(card).getByRole('link', { name: 'Xem và gán vào đơn' })).toHaveAttribute(
      'href',
      '/admin/providers/transactions?status=unmatched',
    );
    expect(
      fetch.mock.calls.some(
        ([url]) => url === '/paymentprovider/api/admin/v1/PaymentTransaction/UnmatchedSummary',
      ),
    ).toBe(true);
  });

  it('says so when no transfer waits', async () => {
    mockFetch((url) =>
      url.includes('/UnmatchedSummary') ? okEnvelope({ count: 0, total: 0 }) : okEnvelope(summary),
    );
    renderApp('/admin');
    const card = await screen.findByRole('region', { name: 'Giao dịch chưa khớp' });
    expect(
      await within(card).findByText('Không có giao dịch nào chờ gán vào đơn.'),
    ).toBeInTheDocument();
  });
});
