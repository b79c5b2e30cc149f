import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import {
  NotificationStatusChip,
  notificationChannelLabel,
  notificationEventLabel,
} from '@/components/notification-status/notification-status-chip';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { useSession } from '@/lib/auth';
import { formatDateTime, formatDayTime, formatMoney, formatNumber } from '@/lib/format';
import type { AdminOrderDetail, AdminOrderEvent, AdminOrderNotification } from '../api/types';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export function Section({
  title,
  id,
  children,
  testId,
}: {
  title: string;
  id: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 2.5 } }}
      data-testid={testId}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A label and its value; nothing for an empty value unless `always`. */
function Field({
  label,
  value,
  mono,
  always,
  testId,
}: {
  label: string;
  value: ReactNode;
  mono?: boolean;
  always?: boolean;
  testId?: string;
}) {
  if (!always && (value === null || value === undefined || value === '')) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
        gap: { xs: 0, sm: 1 },
        py: 0.5,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ wordBreak: 'break-word', fontFamily: mono ? MONO : undefined }}
        data-testid={testId}
      >
        {value === null || value === undefined || value === '' ? strings.common.empty : value}
      </Typography>
    </Box>
  );
}

export function CustomerSection({ order }: { order: AdminOrderDetail }) {
  const t = strings.orders.detail;
  return (
    <Section title={t.customer} id="order-customer" testId="order-customer">
      <Field label={t.customerName} value={order.customerName} always />
      <Field label={t.email} value={order.email} always testId="order-email" />
      <Field label={t.phone} value={order.phone} always />
      <Field label={t.note} value={order.note} />
      <Field label={t.ip} value={order.ip} mono />
      <Field label={t.userAgent} value={order.userAgent} />
    </Section>
  );
}

export function PaymentSection({ order }: { order: AdminOrderDetail }) {
  const t = strings.orders.detail;
  const p = order.payment;
  return (
    <Section title={t.payment} id="order-payment" testId="order-payment">
      <Field label={t.total} value={formatMoney(order.total)} always testId="order-total" />
      <Field
        label={t.paidAmount}
        value={formatMoney(order.paidAmount)}
        always
        testId="order-paid-amount"
      />
      <Field
        label={t.refundedAmount}
        value={order.refundedAmount > 0 ? formatMoney(order.refundedAmount) : null}
        testId="order-refunded-amount"
      />
      <Field label={t.provider} value={p?.providerName} always />
      <Field label={t.bank} value={p?.bankName} />
      <Field label={t.accountNumber} value={p?.accountNumber} mono />
      <Field label={t.accountName} value={p?.accountName} />
      <Field label={t.memo} value={p?.transferContent} mono />
      <Field label={t.createdAt} value={formatDateTime(order.createdAt)} always />
      <Field label={t.expiresAt} value={formatDateTime(order.expiresAt)} always />
      <Field label={t.paidAt} value={order.paidAt ? formatDateTime(order.paidAt) : null} />
      <Field
        label={t.completedAt}
        value={order.completedAt ? formatDateTime(order.completedAt) : null}
      />
      <Field
        label={t.cancelledAt}
        value={order.cancelledAt ? formatDateTime(order.cancelledAt) : null}
      />
      <Field label={t.cancelReason} value={order.cancelReason} />
    </Section>
  );
}

export function ItemsSection({ order }: { order: AdminOrderDetail }) {
  const t = strings.orders.detail;
  return (
    <Section title={t.items} id="order-items" testId="order-items">
      <Stack spacing={2}>
        {order.items.map((item) => (
          <Box key={item.id} data-testid="order-item" data-item-id={item.id}>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}
            >
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {item.productName}
              </Typography>
              <Typography sx={{ whiteSpace: 'nowrap' }}>{formatMoney(item.lineTotal)}</Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t.itemLine(formatNumber(item.quantity), formatMoney(item.unitPrice))}
            </Typography>
            {item.codes.length > 0 && (
              <Stack
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1 }}
                aria-label={t.codesOf(item.productName)}
              >
                {item.codes.map((code) => (
                  <Chip
                    key={code.id}
                    size="small"
                    variant="outlined"
                    color={code.replacement ? 'secondary' : 'default'}
                    label={[
                      code.serial ? `Seri ${code.serial}` : null,
                      code.maskedCode,
                      (strings.serialCodes.status as Record<string, string>)[code.status] ??
                        code.status,
                      code.replacement && t.replacement,
                      code.replaced && t.replaced,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    sx={{ fontFamily: MONO }}
                    data-testid="order-masked-code"
                    data-status={code.status}
                    data-replacement={code.replacement}
                    data-replaced={Boolean(code.replaced)}
                  />
                ))}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

export function PaymentsSection({ order }: { order: AdminOrderDetail }) {
  const t = strings.orders.detail;
  const payments = order.payments ?? [];
  return (
    <Section title={t.payments} id="order-payments" testId="order-payments">
      {payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t.noPayments}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="order-payments" sx={{ minWidth: 520 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t.paymentColumns.paidAt}</TableCell>
                <TableCell align="right">{t.paymentColumns.amount}</TableCell>
                <TableCell>{t.paymentColumns.source}</TableCell>
                <TableCell>{t.paymentColumns.transactionId}</TableCell>
                <TableCell>{t.paymentColumns.actor}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment) => {
                // A bank transfer with an actor is one staff assigned (Assign): say who and when.
                const assigned = payment.source === 'webhook' && Boolean(payment.actor);
                return (
                  <TableRow
                    key={payment.transactionId}
                    data-testid="order-payment-row"
                    data-source={payment.source}
                    data-assigned={assigned || undefined}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(payment.paidAt)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(payment.amount)}
                    </TableCell>
                    <TableCell>
                      {assigned
                        ? strings.orders.paymentSources.assigned
                        : ((strings.orders.paymentSources as Record<string, string>)[
                            payment.source
                          ] ?? payment.source)}
                    </TableCell>
                    <TableCell sx={{ fontFamily: MONO, wordBreak: 'break-all', maxWidth: 220 }}>
                      {payment.transactionId}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 220, wordBreak: 'break-word' }}>
                      {payment.actor || strings.common.empty}
                      {assigned && payment.recordedAt && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t.assignedAt(formatDateTime(payment.recordedAt))}
                        </Typography>
                      )}
                      {payment.note && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {payment.note}
                        </Typography>
                      )}
                      {payment.linkedTransactionId && (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="div"
                          sx={{ fontFamily: MONO }}
                        >
                          {t.linkedTransaction(payment.linkedTransactionId)}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function byTime(a: AdminOrderEvent, b: AdminOrderEvent): number {
  return new Date(a.at).getTime() - new Date(b.at).getTime();
}

/** Every change of the order, oldest first. */
export function TimelineSection({ order }: { order: AdminOrderDetail }) {
  const t = strings.orders.detail;
  const events = [...(order.events ?? [])].sort(byTime);
  return (
    <Section title={t.timeline} id="order-timeline" testId="order-timeline">
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t.noEvents}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}>
          {events.map((event, index) => (
            <Box
              component="li"
              key={`${event.at}-${index}`}
              sx={{
                position: 'relative',
                pl: 3,
                pb: index === events.length - 1 ? 0 : 2,
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  left: 5,
                  top: 6,
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                },
                '&::after':
                  index === events.length - 1
                    ? undefined
                    : {
                        content: '""',
                        position: 'absolute',
                        left: 9,
                        top: 18,
                        bottom: 0,
                        width: 2,
                        bgcolor: 'divider',
                      },
              }}
              data-testid="order-event"
              data-type={event.type}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {event.message || event.type}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(event.at)}
                {event.actor ? ` · ${event.actor}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

function notificationTime(notification: AdminOrderNotification): number {
  return new Date(notification.sentAt ?? notification.createdAt).getTime() || 0;
}

/** The deliveries list of Hệ thống › Thông báo, searched by the order's code (admin only). */
export function orderDeliveriesLink(code: string): string {
  return `${paths.admin.notifications}?${new URLSearchParams({ tab: 'deliveries', keyword: code }).toString()}`;
}

/** The e-mails and alerts sent (or being sent) about the order, oldest first. */
export function NotificationsSection({ order }: { order: AdminOrderDetail }) {
  const t = strings.notifications.order;
  const isAdmin = useSession()?.user?.role === 'admin';
  const notifications = [...(order.notifications ?? [])].sort(
    (a, b) => notificationTime(a) - notificationTime(b),
  );
  return (
    <Section title={t.title} id="order-notifications" testId="order-notifications">
      {notifications.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t.empty}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="order-notifications" sx={{ minWidth: 620 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t.columns.time}</TableCell>
                <TableCell>{t.columns.event}</TableCell>
                <TableCell>{t.columns.channel}</TableCell>
                <TableCell>{t.columns.recipient}</TableCell>
                <TableCell>{t.columns.status}</TableCell>
                <TableCell align="right">{t.columns.attempts}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {notifications.map((notification, index) => (
                <TableRow
                  key={`${notification.event}-${notification.channel}-${notification.createdAt ?? ''}-${index}`}
                  data-testid="order-notification-row"
                  data-status={notification.status}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDayTime(notification.sentAt ?? notification.createdAt)}
                  </TableCell>
                  <TableCell>{notificationEventLabel(notification.event)}</TableCell>
                  <TableCell>{notificationChannelLabel(notification.channel)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
                    {notification.recipient || strings.common.empty}
                  </TableCell>
                  <TableCell>
                    <NotificationStatusChip status={notification.status} />
                  </TableCell>
                  <TableCell align="right">{formatNumber(notification.attempts)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {isAdmin && (
        <Link
          component={RouterLink}
          to={orderDeliveriesLink(order.code)}
          variant="body2"
          sx={{ display: 'inline-block', mt: 1.5 }}
        >
          {t.allDeliveries}
        </Link>
      )}
    </Section>
  );
}
