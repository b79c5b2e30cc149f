import { useQuery } from '@tanstack/react-query';
import { pagedListQueryOptions, type PageParams } from '@/lib/api/paged-list-query';
import {
  notificationEndpoints,
  notificationsKeys,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationEvent,
  type NotificationStatus,
} from './types';

export interface GetNotificationDeliveriesParams extends PageParams {
  /** An order code or a recipient. */
  keyword?: string;
  status?: NotificationStatus;
  channel?: NotificationChannel;
  event?: NotificationEvent;
  /** RFC 3339 instants, `[from, to)`. */
  from?: string;
  to?: string;
}

/** GET admin Notification/Pagination: every delivery, newest first. */
export function useNotificationDeliveries(params: GetNotificationDeliveriesParams) {
  return useQuery(
    pagedListQueryOptions<NotificationDelivery>(
      notificationsKeys.deliveryList(params),
      notificationEndpoints.pagination,
      params,
    ),
  );
}
