import TextField from '@mui/material/TextField';
import { FilterBar, FilterSelect, SearchField } from '@/components/ui/filter-bar';
import { vi } from '@/i18n/vi';
import { AUDIT_ACTIONS, type AuditAction } from '../api/types';
import { MAX_ACTOR_LENGTH, type AuditLogFilterValues } from './audit-log-url-state';

interface AuditLogFiltersProps {
  value: AuditLogFilterValues;
  onChange: (value: AuditLogFilterValues) => void;
}

/** Actor, the current source's actions and a range of shop days. */
export function AuditLogFilters({ value, onChange }: AuditLogFiltersProps) {
  const t = vi.auditLog.filters;
  return (
    <FilterBar rowFrom="md">
      <SearchField
        label={t.actor}
        placeholder={t.actorPlaceholder}
        value={value.actor}
        onChange={(actor) => onChange({ ...value, actor })}
        testId="audit-log-actor-filter"
        maxLength={MAX_ACTOR_LENGTH}
        shrinkLabel
        verbatim
      />
      <FilterSelect<AuditAction>
        label={t.action}
        value={value.action}
        onChange={(action) => onChange({ ...value, action })}
        options={AUDIT_ACTIONS[value.source]}
        optionLabel={(action) => vi.auditLog.actions[action]}
        testId="audit-log-action-filter"
        minWidth={220}
      />
      <TextField
        type="date"
        label={t.fromDay}
        value={value.fromDay}
        onChange={(event) => onChange({ ...value, fromDay: event.target.value })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.toDay || undefined, 'data-testid': 'audit-log-from-filter' } }}
      />
      <TextField
        type="date"
        label={t.toDay}
        value={value.toDay}
        onChange={(event) => onChange({ ...value, toDay: event.target.value })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.fromDay || undefined, 'data-testid': 'audit-log-to-filter' } }}
      />
    </FilterBar>
  );
}
