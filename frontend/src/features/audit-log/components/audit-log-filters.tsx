import {
  DayRangeFields,
  FilterBar,
  FilterSelect,
  filterFields,
  SearchField,
} from '@/components/ui/filter-bar';
import { strings } from '@/i18n/vi';
import { AUDIT_ACTIONS, type AuditAction } from '../api/types';
import { MAX_ACTOR_LENGTH, type AuditLogFilterValues } from './audit-log-url-state';

interface AuditLogFiltersProps {
  value: AuditLogFilterValues;
  onChange: (value: AuditLogFilterValues) => void;
}

/** Actor, the current source's actions and a range of shop days. */
export function AuditLogFilters({ value, onChange }: AuditLogFiltersProps) {
  const t = strings.auditLog.filters;
  const field = filterFields(value, onChange);
  return (
    <FilterBar rowFrom="md">
      <SearchField
        label={t.actor}
        placeholder={t.actorPlaceholder}
        {...field('actor')}
        testId="audit-log-actor-filter"
        maxLength={MAX_ACTOR_LENGTH}
        shrinkLabel
        verbatim
      />
      <FilterSelect<AuditAction>
        label={t.action}
        {...field('action')}
        options={AUDIT_ACTIONS[value.source]}
        optionLabel={(action) => strings.auditLog.actions[action]}
        testId="audit-log-action-filter"
        minWidth={220}
      />
      <DayRangeFields
        value={value}
        onChange={onChange}
        testIds={{ from: 'audit-log-from-filter', to: 'audit-log-to-filter' }}
      />
    </FilterBar>
  );
}
