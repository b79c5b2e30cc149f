import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { OrderStatusChip, PaymentStatusChip } from '@/components/order-status/order-status-chip';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import { SortableHeadCell, type TableSort } from '@/components/ui/data-table/sortable-head-cell';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { OrderListItem, OrderSortField } from '../api/types';

export type OrdersSort = TableSort<OrderSortField>;

interface OrdersTableProps extends DataTableQueryProps<OrderListItem> {
  sort: OrdersSort | null;
  onSortChange: (sort: OrdersSort) => void;
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function OrdersTable({ sort, onSortChange, ...query }: OrdersTableProps) {
  const t = strings.orders;
  const rows = query.data?.items ?? [];
  const sorting = { sort, onSortChange };
  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={t.tableLabel}
      testId="orders-table"
      minWidth={1080}
      columns={[
        t.columns.code,
        <SortableHeadCell
          field="createdAt"
          label={t.columns.createdAt}
          firstDirection="desc"
          {...sorting}
        />,
        t.columns.customer,
        <TableCell align="right">{t.columns.itemCount}</TableCell>,
        <SortableHeadCell
          field="total"
          label={t.columns.total}
          align="right"
          firstDirection="desc"
          {...sorting}
        />,
        <TableCell align="right">{t.columns.paidAmount}</TableCell>,
        t.columns.status,
        t.columns.provider,
        <SortableHeadCell
          field="paidAt"
          label={t.columns.paidAt}
          firstDirection="desc"
          {...sorting}
        />,
      ]}
      emptyText={t.empty}
    >
      {rows.map((order) => (
        <TableRow
          key={order.id}
          hover
          data-testid="orders-row"
          data-order-id={order.id}
          data-order-code={order.code}
          data-status={order.status}
        >
          <TableCell sx={{ fontFamily: MONO, ...NOWRAP }}>
            <Link
              component={RouterLink}
              to={paths.admin.order(order.id)}
              aria-label={t.openLabel(order.code)}
              sx={{ fontWeight: 600 }}
            >
              {order.code}
            </Link>
          </TableCell>
          <TableCell sx={NOWRAP}>{formatDateTime(order.createdAt)}</TableCell>
          <TableCell sx={{ minWidth: 180, maxWidth: 240 }}>
            {order.customerName && (
              <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {order.customerName}
              </Typography>
            )}
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {order.email}
            </Typography>
            {order.phone && (
              <Typography variant="caption" color="text.secondary">
                {order.phone}
              </Typography>
            )}
          </TableCell>
          <TableCell align="right">{formatNumber(order.itemCount)}</TableCell>
          <TableCell align="right" sx={NOWRAP}>
            {formatMoney(order.total)}
          </TableCell>
          <TableCell align="right" sx={NOWRAP}>
            {formatMoney(order.paidAmount)}
          </TableCell>
          <TableCell>
            <OrderStatusChip status={order.status} />
            <br />
            <PaymentStatusChip status={order.paymentStatus} />
          </TableCell>
          <TableCell sx={{ maxWidth: 150, wordBreak: 'break-word' }}>
            {order.providerName ?? strings.common.empty}
          </TableCell>
          <TableCell sx={NOWRAP}>{formatDateTime(order.paidAt)}</TableCell>
        </TableRow>
      ))}
    </DataTableFrame>
  );
}
