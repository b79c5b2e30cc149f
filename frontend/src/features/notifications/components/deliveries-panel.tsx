import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { showError, showSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useNotificationDeliveries } from '../api/get-notification-deliveries';
import { useResendNotification } from '../api/resend-notification';
import type { NotificationDelivery } from '../api/types';
import { DeliveriesFilters } from './deliveries-filters';
import { DeliveriesTable } from './deliveries-table';
import { deliveriesFilterCodec, deliveriesRange } from './deliveries-url-state';

const LIST = { codec: deliveriesFilterCodec };

/** Every delivery, newest first, its filters and page in the URL; failed ones can be sent again. */
export function DeliveriesPanel() {
  const t = strings.notifications.deliveries;
  const { filters, setFilters, page, pageProps } = useListUrlState(LIST);
  const keyword = useDebouncedValue(filters.keyword.trim());
  const deliveries = useNotificationDeliveries({
    ...page,
    keyword: keyword || undefined,
    status: filters.status || undefined,
    channel: filters.channel || undefined,
    event: filters.event || undefined,
    ...deliveriesRange(filters.fromDay, filters.toDay),
  });
  const resend = useResendNotification();

  const onResend = (delivery: NotificationDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () => showSuccess(t.resent),
      onError: (error) => {
        if (isApiError(error, ERROR_CODES.deliveryNotFailed)) showError(t.resendGone);
        else showError(error);
      },
    });

  return (
    <>
      <DeliveriesFilters value={filters} onChange={setFilters} />
      <DeliveriesTable
        data={deliveries.data}
        isFetching={deliveries.isFetching}
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
        {...pageProps}
        onResend={onResend}
        resendingId={resend.isPending ? (resend.variables ?? null) : null}
      />
    </>
  );
}
