import { addShopDays, isShopDay, shopDayStart } from '@/lib/dates/business-day';
import {
  isOrderStatus,
  isPaymentStatus,
  type OrderStatus,
  type PaymentStatus,
} from '@/lib/order-status';
import type { FilterCodec } from '@/lib/hooks/use-list-url-state';

export interface OrdersFilterValues {
  keyword: string;
  status: OrderStatus | '';
  paymentStatus: PaymentStatus | '';
  productId: string;
  /** Shop days `YYYY-MM-DD`, both included; '' for open ends. */
  fromDay: string;
  toDay: string;
}

const PARAMS = {
  keyword: 'keyword',
  status: 'status',
  paymentStatus: 'paymentStatus',
  productId: 'productId',
  fromDay: 'from',
  toDay: 'to',
} as const satisfies Record<keyof OrdersFilterValues, string>;

export function filtersFromSearch(search: URLSearchParams): OrdersFilterValues {
  const status = search.get(PARAMS.status) ?? '';
  const paymentStatus = search.get(PARAMS.paymentStatus) ?? '';
  const fromDay = search.get(PARAMS.fromDay) ?? '';
  const toDay = search.get(PARAMS.toDay) ?? '';
  return {
    keyword: search.get(PARAMS.keyword) ?? '',
    status: isOrderStatus(status) ? status : '',
    paymentStatus: isPaymentStatus(paymentStatus) ? paymentStatus : '',
    productId: search.get(PARAMS.productId) ?? '',
    fromDay: isShopDay(fromDay) ? fromDay : '',
    toDay: isShopDay(toDay) ? toDay : '',
  };
}

export function searchFromFilters(filters: OrdersFilterValues): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, param] of Object.entries(PARAMS) as [keyof OrdersFilterValues, string][]) {
    if (filters[key]) search.set(param, filters[key]);
  }
  return search;
}

/** The API's `[from, to)` instants for the chosen days (the last day included). */
export function rangeOfDays(fromDay: string, toDay: string): { from?: string; to?: string } {
  return {
    from: isShopDay(fromDay) ? shopDayStart(fromDay) : undefined,
    to: isShopDay(toDay) ? shopDayStart(addShopDays(toDay, 1)) : undefined,
  };
}

/**
 * The list's filters live in the URL (`/admin/orders?status=pending_payment`), so a link
 * from the dashboard or the back button after a detail page shows the same list.
 */
export const ordersFilterCodec: FilterCodec<OrdersFilterValues> = {
  read: filtersFromSearch,
  write: (filters, search) => {
    for (const [key, param] of Object.entries(PARAMS) as [keyof OrdersFilterValues, string][]) {
      if (filters[key]) search.set(param, filters[key]);
      else search.delete(param);
    }
  },
};
