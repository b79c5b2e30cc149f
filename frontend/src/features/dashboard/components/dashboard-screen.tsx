import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { formatMoney, formatNumber } from '@/lib/format';
import { ORDER_STATUSES, type OrderStatus } from '@/lib/order-status';
import { shopToday } from '@/lib/dates/business-day';
import { UNMATCHED_TRANSFERS_PATH, useUnmatchedSummary } from '@/lib/unmatched-transfers';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import type { DashboardSummary } from '../api/types';
import { DASHBOARD_RANGES, fillDays, rangeDays, type DashboardRangeKey } from './dashboard-model';

// MUI X Charts only loads with the dashboard's chart.
const RevenueChart = lazy(() => import('./revenue-chart'));

const STATUS_COLORS: Record<OrderStatus, 'warning' | 'success' | 'default' | 'error'> = {
  pending_payment: 'warning',
  completed: 'success',
  expired: 'default',
  cancelled: 'default',
  needs_attention: 'error',
};

function Card({
  title,
  id,
  children,
  testId,
  action,
}: {
  title: string;
  id: string;
  children: ReactNode;
  testId?: string;
  action?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      data-testid={testId}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1 }}
      >
        <Typography id={id} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, wordBreak: 'break-word' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/**
 * Money received that no order took yet: whatever the chosen days, since a transfer waits
 * until staff assign it. Polled, as the menu's badge.
 */
function UnmatchedTransfersCard() {
  const t = strings.transactions.unmatched;
  const summary = useUnmatchedSummary();
  const data = summary.data;
  const count = typeof data?.count === 'number' ? data.count : undefined;
  return (
    <Card
      title={t.cardTitle}
      id="dashboard-unmatched"
      testId="dashboard-unmatched-transfers"
      action={
        <Button
          size="small"
          variant={count ? 'contained' : 'outlined'}
          color={count ? 'error' : 'primary'}
          component={RouterLink}
          to={UNMATCHED_TRANSFERS_PATH}
        >
          {t.open}
        </Button>
      }
    >
      {summary.isError ? (
        <Typography color="error">{t.loadError}</Typography>
      ) : count === 0 ? (
        <Typography color="text.secondary">{t.none}</Typography>
      ) : (
        <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t.count}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 700 }}
              color={count ? 'error' : undefined}
              data-testid="dashboard-unmatched-count"
            >
              {count === undefined ? strings.common.empty : formatNumber(count)}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t.total}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 700 }}
              data-testid="dashboard-unmatched-total"
            >
              {count === undefined ? strings.common.empty : formatMoney(data?.total)}
            </Typography>
          </Box>
        </Stack>
      )}
    </Card>
  );
}

/** The orders list for a status over the same days. */
function ordersLink(params: Record<string, string>): string {
  return `${paths.admin.orders}?${new URLSearchParams(params).toString()}`;
}

function serialCodesLink(productId: string): string {
  return `${paths.admin.serialCodes}?${new URLSearchParams({ productId }).toString()}`;
}

function paidOrders(summary: DashboardSummary): number {
  if (typeof summary.completedOrders === 'number') return summary.completedOrders;
  const byDay = summary.revenueByDay ?? [];
  return byDay.length > 0
    ? byDay.reduce((sum, day) => sum + (day.orders ?? 0), 0)
    : (summary.orderCounts?.completed ?? 0);
}

/** `/admin`: revenue and orders for today, 7 or 30 days; chart, top products, low stock. */
export function DashboardScreen({ quickLinks }: { quickLinks?: ReactNode }) {
  const t = strings.dashboard;
  const [rangeKey, setRangeKey] = useState<DashboardRangeKey>('days7');
  const today = shopToday();
  const range = useMemo(() => rangeDays(rangeKey, today), [rangeKey, today]); // a new day starts a new range
  const summary = useDashboardSummary({ from: range.from, to: range.to });
  const data = summary.data;
  const points = useMemo(
    () => fillDays(data?.revenueByDay ?? [], range.firstDay, range.lastDay),
    [data, range],
  );

  return (
    <Stack spacing={2} data-testid="dashboard">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1">
          {strings.pages.dashboard}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={rangeKey}
          onChange={(_, next: DashboardRangeKey | null) => next && setRangeKey(next)}
          aria-label={t.range}
        >
          {DASHBOARD_RANGES.map((key) => (
            <ToggleButton key={key} value={key} data-testid={`dashboard-range-${key}`}>
              {t.ranges[key]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>

      {summary.isError && (
        <LoadErrorAlert onRetry={() => void summary.refetch()}>
          {t.loadError(summary.error.message)}
        </LoadErrorAlert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          opacity: summary.isPlaceholderData ? 0.6 : 1,
        }}
      >
        <Stat
          label={t.revenue}
          value={data ? formatMoney(data.revenue) : strings.common.empty}
          testId="dashboard-revenue"
        />
        <Stat
          label={t.paidOrders}
          value={data ? formatNumber(paidOrders(data)) : strings.common.empty}
          testId="dashboard-paid-orders"
        />
        <Stat
          label={t.codesSold}
          value={data ? formatNumber(data.codesSold) : strings.common.empty}
          testId="dashboard-codes-sold"
        />
        <Stat
          label={t.needsAttention}
          value={data ? formatNumber(data.orderCounts?.needs_attention ?? 0) : strings.common.empty}
          testId="dashboard-needs-attention"
        />
      </Box>

      <UnmatchedTransfersCard />

      <Card title={t.ordersByStatus} id="dashboard-status" testId="dashboard-order-counts">
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {ORDER_STATUSES.map((status) => (
            <Chip
              key={status}
              component={RouterLink}
              to={ordersLink({ status, from: range.firstDay, to: range.lastDay })}
              clickable
              color={STATUS_COLORS[status]}
              variant={status === 'cancelled' || status === 'expired' ? 'outlined' : 'filled'}
              label={t.statusCount(
                strings.orderStatus[status],
                data ? formatNumber(data.orderCounts?.[status] ?? 0) : '…',
              )}
              data-testid="dashboard-status-count"
              data-status={status}
              data-count={data?.orderCounts?.[status] ?? 0}
            />
          ))}
        </Stack>
      </Card>

      <Card title={t.revenueByDay} id="dashboard-chart" testId="dashboard-revenue-chart">
        {data ? (
          <Suspense
            fallback={<Skeleton variant="rounded" height={280} aria-label={strings.app.loading} />}
          >
            <Box
              role="img"
              aria-label={t.chartLabel(formatMoney(data.revenue), formatNumber(points.length))}
            >
              <RevenueChart points={points} />
            </Box>
          </Suspense>
        ) : (
          <Skeleton variant="rounded" height={280} />
        )}
      </Card>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Card title={t.topProducts} id="dashboard-top" testId="dashboard-top-products">
          {data && data.topProducts.length === 0 ? (
            <Typography color="text.secondary">{t.noSales}</Typography>
          ) : (
            <Table size="small" aria-labelledby="dashboard-top">
              <TableHead>
                <TableRow>
                  <TableCell>{t.columns.product}</TableCell>
                  <TableCell align="right">{t.columns.quantity}</TableCell>
                  <TableCell align="right">{t.columns.revenue}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(data?.topProducts ?? []).map((product) => (
                  <TableRow key={product.productId} data-testid="dashboard-top-product">
                    <TableCell sx={{ wordBreak: 'break-word' }}>{product.name}</TableCell>
                    <TableCell align="right">{formatNumber(product.quantity)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(product.revenue)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>

        <Card title={t.lowStock} id="dashboard-low-stock" testId="dashboard-low-stock">
          {data && data.lowStock.length === 0 ? (
            <Typography color="text.secondary">{t.noLowStock}</Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {(data?.lowStock ?? []).map((product) => (
                <Stack
                  component="li"
                  key={product.productId}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                  data-testid="dashboard-low-stock-item"
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                      {product.name}
                    </Typography>
                    <Typography
                      variant="caption"
                      color={product.available === 0 ? 'error' : 'warning.main'}
                    >
                      {t.available(
                        formatNumber(product.available),
                        formatNumber(product.lowStockThreshold),
                      )}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    variant="outlined"
                    component={RouterLink}
                    to={serialCodesLink(product.productId)}
                    startIcon={<UploadFileOutlined fontSize="small" />}
                    aria-label={t.importCodesLabel(product.name)}
                    sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                  >
                    {t.importCodes}
                  </Button>
                </Stack>
              ))}
            </Stack>
          )}
        </Card>
      </Box>

      {quickLinks}
    </Stack>
  );
}
