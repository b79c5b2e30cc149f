import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { PaymentStatusChip } from '@/components/order-status/order-status-chip';
import { strings } from '@/i18n/vi';
import { isOrderStatus, type OrderStatus } from '@/lib/order-status';
import { ExpiryCountdown } from './expiry-countdown';

const SEVERITY: Record<OrderStatus, AlertColor> = {
  pending_payment: 'warning',
  completed: 'success',
  expired: 'error',
  cancelled: 'error',
  needs_attention: 'info',
};

interface OrderStatusBannerProps {
  status: string;
  paymentStatus?: string | null;
  expiresAt?: string | null;
  /** Shown under the status text (a contact link, for instance). */
  children?: ReactNode;
  /** The status text, when this screen says it otherwise (the lookup shows no codes). */
  text?: string;
}

/** The order's status in words, its payment status and, while unpaid, the countdown. */
export function OrderStatusBanner({
  status,
  paymentStatus,
  expiresAt,
  children,
  text,
}: OrderStatusBannerProps) {
  const known = isOrderStatus(status);
  const t = strings.customerOrder.banner;
  return (
    <Alert
      severity={known ? SEVERITY[status] : 'info'}
      variant="outlined"
      role="status"
      data-testid="order-status-banner"
      data-status={status}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }} data-testid="order-status-label">
        {known ? strings.orderStatus[status] : status}
      </AlertTitle>
      <Stack spacing={1}>
        {(text ?? known) && (
          <span data-testid="order-status-text">{text ?? (known ? t[status] : '')}</span>
        )}
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          {paymentStatus && <PaymentStatusChip status={paymentStatus} />}
          {status === 'pending_payment' && <ExpiryCountdown expiresAt={expiresAt} />}
        </Stack>
        {children}
      </Stack>
    </Alert>
  );
}
