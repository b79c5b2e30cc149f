import { FilterBar, FilterSelect, filterFields, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
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
  const t = strings.paymentProviders;
  const field = filterFields(value, onChange);
  return (
    <FilterBar>
      <SearchField
        placeholder={t.searchPlaceholder}
        {...field('keyword')}
        testId="payment-providers-search"
        maxLength={KEYWORD_MAX}
      />
      <FilterSelect
        label={t.typeFilter}
        {...field('type')}
        options={PAYMENT_PROVIDER_TYPES}
        optionLabel={(type) => t.types[type]}
        testId="payment-providers-type-filter"
        minWidth={180}
      />
      <FilterSelect
        label={t.activeFilter}
        {...field('active')}
        options={ACTIVE_OPTIONS}
        optionLabel={(active) => (active === 'true' ? t.status.active : t.status.inactive)}
        testId="payment-providers-active-filter"
      />
    </FilterBar>
  );
}
