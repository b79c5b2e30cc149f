import Chip, { type ChipProps } from '@mui/material/Chip';
import { strings } from '@/i18n/vi-shop';
import {
  isOrderStatus,
  isPaymentStatus,
  type OrderStatus,
  type PaymentStatus,
} from '@/lib/order-status';

const ORDER_COLORS: Record<OrderStatus, ChipProps['color']> = {
  pending_payment: 'warning',
  completed: 'success',
  expired: 'default',
  cancelled: 'default',
  needs_attention: 'error',
};

const PAYMENT_COLORS: Record<PaymentStatus, ChipProps['color']> = {
  unpaid: 'default',
  partially_paid: 'warning',
  paid: 'success',
  overpaid: 'info',
};

/** An order status with its Vietnamese label and colour (an unknown one shows as is). */
export function OrderStatusChip({
  status,
  size = 'small',
}: {
  status: string;
  size?: ChipProps['size'];
}) {
  const known = isOrderStatus(status);
  return (
    <Chip
      size={size}
      label={known ? strings.orderStatus[status] : status}
      color={known ? ORDER_COLORS[status] : 'default'}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      data-testid="order-status-chip"
      data-status={status}
    />
  );
}

export function PaymentStatusChip({
  status,
  size = 'small',
}: {
  status: string;
  size?: ChipProps['size'];
}) {
  const known = isPaymentStatus(status);
  return (
    <Chip
      size={size}
      variant="outlined"
      label={known ? strings.paymentStatus[status] : status}
      color={known ? PAYMENT_COLORS[status] : 'default'}
      data-testid="payment-status-chip"
      data-status={status}
    />
  );
}
