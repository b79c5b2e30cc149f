import { FilterBar, FilterSelect, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { vi } from '@/i18n/vi';
import { PAYMENT_PROVIDER_TYPES, type PaymentProviderType } from '../api/types';

export type ActiveFilter = '' | 'true' | 'false';

export interface PaymentProvidersFilterValues {
  keyword: string;
  type: PaymentProviderType | '';
  active: ActiveFilter;
}

const ACTIVE_OPTIONS = ['true', 'false'] as const;

export function PaymentProvidersFilters({
  value,
  onChange,
}: {
  value: PaymentProvidersFilterValues;
  onChange: (value: PaymentProvidersFilterValues) => void;
}) {
  const t = vi.paymentProviders;
  return (
    <FilterBar>
      <SearchField
        label={vi.common.search}
        placeholder={t.searchPlaceholder}
        value={value.keyword}
        onChange={(keyword) => onChange({ ...value, keyword })}
        testId="payment-providers-search"
        maxLength={KEYWORD_MAX}
      />
      <FilterSelect
        label={t.typeFilter}
        value={value.type}
        onChange={(type) => onChange({ ...value, type })}
        options={PAYMENT_PROVIDER_TYPES}
        optionLabel={(type) => t.types[type]}
        testId="payment-providers-type-filter"
        minWidth={180}
      />
      <FilterSelect
        label={t.activeFilter}
        value={value.active}
        onChange={(active) => onChange({ ...value, active })}
        options={ACTIVE_OPTIONS}
        optionLabel={(active) => (active === 'true' ? t.status.active : t.status.inactive)}
        testId="payment-providers-active-filter"
      />
    </FilterBar>
  );
}
