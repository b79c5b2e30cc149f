import { BarChart } from '@mui/x-charts/BarChart';
import { strings } from '@/i18n/vi';
import { formatMoney, formatNumber } from '@/lib/format';
import { shortDay } from './dashboard-model';

const compact = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

interface RevenueChartProps {
  points: { day: string; revenue: number; orders: number }[];
}

/**
 * Revenue by day as bars. This module (and MUI X Charts with it) is loaded on demand by the
 * dashboard only, so no other screen downloads the chart library.
 */
export default function RevenueChart({ points }: RevenueChartProps) {
  const t = strings.dashboard;
  return (
    <BarChart
      height={280}
      dataset={points.map((point) => ({
        label: shortDay(point.day),
        revenue: point.revenue,
        orders: point.orders,
      }))}
      xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
      yAxis={[{ valueFormatter: (value: number) => compact.format(value), width: 56 }]}
      series={[
        {
          dataKey: 'revenue',
          label: t.revenue,
          color: '#10b981',
          valueFormatter: (value, { dataIndex }) =>
            `${formatMoney(value ?? 0)} · ${t.ordersCount(formatNumber(points[dataIndex]?.orders ?? 0))}`,
        },
      ]}
      hideLegend
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
