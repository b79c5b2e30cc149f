import { addShopDays, isShopDay, shopDayStart } from '@/lib/dates/business-day';
import {
  isNotificationChannel,
  isNotificationEvent,
  isNotificationStatus,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationStatus,
} from '@/lib/notifications';
import type { FilterCodec } from '@/lib/hooks/use-list-url-state';

export interface DeliveriesFilterValues {
  /** An order code or a recipient. */
  keyword: string;
  status: NotificationStatus | '';
  channel: NotificationChannel | '';
  event: NotificationEvent | '';
  /** Shop days `YYYY-MM-DD`, both included; '' for open ends. */
  fromDay: string;
  toDay: string;
}

export const INITIAL_DELIVERIES_FILTERS: DeliveriesFilterValues = {
  keyword: '',
  status: '',
  channel: '',
  event: '',
  fromDay: '',
  toDay: '',
};

const PARAMS = {
  keyword: 'keyword',
  status: 'status',
  channel: 'channel',
  event: 'event',
  fromDay: 'from',
  toDay: 'to',
} as const satisfies Record<keyof DeliveriesFilterValues, string>;

/**
 * `?status=failed&channel=email&event=codes_ready&from=2026-11-01&to=2026-11-30`: a value
 * the list does not know or an impossible day reads as "no filter", so a hand-edited
 * link never reaches the server as an error. The tab's own `tab` parameter is left alone.
 */
export const deliveriesFilterCodec: FilterCodec<DeliveriesFilterValues> = {
  read: (search) => {
    const status = search.get(PARAMS.status) ?? '';
    const channel = search.get(PARAMS.channel) ?? '';
    const event = search.get(PARAMS.event) ?? '';
    const fromDay = search.get(PARAMS.fromDay) ?? '';
    const toDay = search.get(PARAMS.toDay) ?? '';
    return {
      keyword: search.get(PARAMS.keyword) ?? '',
      status: isNotificationStatus(status) ? status : '',
      channel: isNotificationChannel(channel) ? channel : '',
      event: isNotificationEvent(event) ? event : '',
      fromDay: isShopDay(fromDay) ? fromDay : '',
      toDay: isShopDay(toDay) ? toDay : '',
    };
  },
  write: (filters, search) => {
    for (const [key, param] of Object.entries(PARAMS) as [keyof DeliveriesFilterValues, string][]) {
      if (filters[key]) search.set(param, filters[key]);
      else search.delete(param);
    }
  },
};

/** The API's `[from, to)` instants for the chosen shop days, the last day included; an end before the start is dropped. */
export function deliveriesRange(fromDay: string, toDay: string): { from?: string; to?: string } {
  const from = isShopDay(fromDay) ? fromDay : undefined;
  const to = isShopDay(toDay) && (!from || toDay >= from) ? toDay : undefined;
  return {
    from: from && shopDayStart(from),
    to: to && shopDayStart(addShopDays(to, 1)),
  };
}
