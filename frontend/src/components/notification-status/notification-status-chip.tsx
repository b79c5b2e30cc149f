import Chip, { type ChipProps } from '@mui/material/Chip';
import { strings } from '@/i18n/vi';
import {
  isNotificationChannel,
  isNotificationEvent,
  isNotificationStatus,
  type NotificationStatus,
} from '@/lib/notifications';

const COLORS: Record<NotificationStatus, ChipProps['color']> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

/** An event's Vietnamese label; one this screen does not know yet shows as sent. */
export function notificationEventLabel(event: string): string {
  return isNotificationEvent(event) ? strings.notifications.events[event] : event;
}

export function notificationChannelLabel(channel: string): string {
  return isNotificationChannel(channel) ? strings.notifications.channels[channel] : channel;
}

/** A delivery's status with its Vietnamese label and colour (an unknown one shows as is). */
export function NotificationStatusChip({ status }: { status: string }) {
  const known = isNotificationStatus(status);
  return (
    <Chip
      size="small"
      label={known ? strings.notifications.statuses[status] : status}
      color={known ? COLORS[status] : 'default'}
      data-testid="notification-status-chip"
      data-status={status}
    />
  );
}
