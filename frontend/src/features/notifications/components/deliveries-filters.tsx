import {
  notificationChannelLabel,
  notificationEventLabel,
} from '@/components/notification-status/notification-status-chip';
import {
  DayRangeFields,
  FilterBar,
  FilterSelect,
  filterFields,
  SearchField,
} from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_STATUSES,
} from '@/lib/notifications';
import type { DeliveriesFilterValues } from './deliveries-url-state';

interface DeliveriesFiltersProps {
  value: DeliveriesFilterValues;
  onChange: (value: DeliveriesFilterValues) => void;
}

/** Keyword (order code, recipient), status, channel, event and a range of shop days. */
export function DeliveriesFilters({ value, onChange }: DeliveriesFiltersProps) {
  const t = strings.notifications.deliveries;
  const field = filterFields(value, onChange);
  return (
    <>
      <FilterBar rowFrom="md">
        <SearchField
          label={t.keywordLabel}
          placeholder={t.keywordPlaceholder}
          {...field('keyword')}
          testId="notification-deliveries-search"
          maxLength={KEYWORD_MAX}
          shrinkLabel
          verbatim
        />
        <FilterSelect
          label={t.filters.status}
          {...field('status')}
          options={NOTIFICATION_STATUSES}
          optionLabel={(status) => strings.notifications.statuses[status]}
          testId="notification-deliveries-status-filter"
        />
        <FilterSelect
          label={t.filters.channel}
          {...field('channel')}
          options={NOTIFICATION_CHANNELS}
          optionLabel={notificationChannelLabel}
          testId="notification-deliveries-channel-filter"
          minWidth={140}
        />
      </FilterBar>
      <FilterBar rowFrom="md">
        <FilterSelect
          label={t.filters.event}
          {...field('event')}
          options={NOTIFICATION_EVENTS}
          optionLabel={notificationEventLabel}
          testId="notification-deliveries-event-filter"
          minWidth={220}
        />
        <DayRangeFields
          value={value}
          onChange={onChange}
          testIds={{
            from: 'notification-deliveries-from-filter',
            to: 'notification-deliveries-to-filter',
          }}
        />
      </FilterBar>
    </>
  );
}
