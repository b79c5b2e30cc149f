import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { Link as RouterLink } from 'react-router-dom';
import {
  NotificationStatusChip,
  notificationChannelLabel,
  notificationEventLabel,
} from '@/components/notification-status/notification-status-chip';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import { RowActions } from '@/components/ui/data-table/row-actions';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { formatDayTime, formatNumber } from '@/lib/format';
import type { NotificationDelivery } from '../api/types';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

interface DeliveriesTableProps extends DataTableQueryProps<NotificationDelivery> {
  onResend: (delivery: NotificationDelivery) => void;
  /** The delivery whose resend is running. */
  resendingId: string | null;
}

/** The order's page when the answer names the order, else the order list searched by its code. */
export function deliveryOrderLink(
  delivery: Pick<NotificationDelivery, 'orderCode' | 'orderId'>,
): string | null {
  if (delivery.orderId) return paths.admin.order(delivery.orderId);
  if (delivery.orderCode)
    return `${paths.admin.orders}?${new URLSearchParams({ keyword: delivery.orderCode }).toString()}`;
  return null;
}

function audienceLabel(audience: string | undefined): string | null {
  if (!audience) return null;
  const labels: Record<string, string> = strings.notifications.audiences;
  return Object.hasOwn(labels, audience) ? labels[audience] : audience;
}

export function DeliveriesTable({ onResend, resendingId, ...query }: DeliveriesTableProps) {
  const t = strings.notifications.deliveries;
  const rows = query.data?.items ?? [];
  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={t.tableLabel}
      testId="notification-deliveries-table"
      minWidth={1100}
      columns={[
        t.columns.createdAt,
        t.columns.event,
        t.columns.channel,
        t.columns.recipient,
        t.columns.orderCode,
        t.columns.status,
        <TableCell align="right">{t.columns.attempts}</TableCell>,
        t.columns.lastError,
        t.columns.sentAt,
      ]}
      actions
      emptyText={t.empty}
    >
      {rows.map((delivery) => {
        const orderLink = deliveryOrderLink(delivery);
        const event = notificationEventLabel(delivery.event);
        const audience = audienceLabel(delivery.audience);
        return (
          <TableRow
            key={delivery.id}
            hover
            data-testid="notification-delivery-row"
            data-status={delivery.status}
            data-delivery-id={delivery.id}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDayTime(delivery.createdAt)}</TableCell>
            <TableCell sx={{ minWidth: 160 }}>
              {event}
              {audience && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {audience}
                </Typography>
              )}
            </TableCell>
            <TableCell>{notificationChannelLabel(delivery.channel)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
              {delivery.recipient}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: MONO }}>
              {delivery.orderCode && orderLink ? (
                <Link
                  component={RouterLink}
                  to={orderLink}
                  aria-label={t.openOrder(delivery.orderCode)}
                >
                  {delivery.orderCode}
                </Link>
              ) : (
                strings.common.empty
              )}
            </TableCell>
            <TableCell>
              <NotificationStatusChip status={delivery.status} />
            </TableCell>
            <TableCell align="right">{formatNumber(delivery.attempts)}</TableCell>
            <TableCell sx={{ minWidth: 200, maxWidth: 320, overflowWrap: 'anywhere' }}>
              {delivery.lastError ? (
                <Typography
                  variant="body2"
                  color="error"
                  title={delivery.lastError}
                  sx={{
                    display: '-webkit-box',
                    WebkitLineClamp: 3,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {delivery.lastError}
                </Typography>
              ) : (
                strings.common.empty
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDayTime(delivery.sentAt)}</TableCell>
            <TableCell align="right">
              {delivery.status === 'failed' && (
                <RowActions>
                  <Button
                    size="small"
                    startIcon={<ReplayOutlined fontSize="small" />}
                    onClick={() => onResend(delivery)}
                    loading={resendingId === delivery.id}
                    disabled={resendingId !== null && resendingId !== delivery.id}
                    aria-label={t.resendLabel(event, delivery.recipient)}
                    data-testid="notification-delivery-resend"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t.resend}
                  </Button>
                </RowActions>
              )}
            </TableCell>
          </TableRow>
        );
      })}
    </DataTableFrame>
  );
}
