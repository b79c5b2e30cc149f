import { FilterBar, FilterSelect, filterFields, SearchField } from '@/components/ui/filter-bar';
import { strings } from '@/i18n/vi';
import type { UserRole } from '@/lib/auth';
import { USER_ROLES } from '../api/types';

export type ActiveFilter = '' | 'true' | 'false';

export interface UsersFilterValues {
  keyword: string;
  role: UserRole | '';
  active: ActiveFilter;
}

interface UsersFiltersProps {
  value: UsersFilterValues;
  onChange: (value: UsersFilterValues) => void;
}

const ACTIVE_OPTIONS = ['true', 'false'] as const;

export function UsersFilters({ value, onChange }: UsersFiltersProps) {
  const t = strings.users;
  const field = filterFields(value, onChange);
  return (
    <FilterBar>
      <SearchField
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        {...field('keyword')}
        testId="users-search"
      />
      <FilterSelect
        label={t.roleFilter}
        {...field('role')}
        options={USER_ROLES}
        optionLabel={(role) => t.roles[role]}
      />
      <FilterSelect
        label={t.statusFilter}
        {...field('active')}
        options={ACTIVE_OPTIONS}
        optionLabel={(active) => (active === 'true' ? t.status.active : t.status.inactive)}
      />
    </FilterBar>
  );
}
