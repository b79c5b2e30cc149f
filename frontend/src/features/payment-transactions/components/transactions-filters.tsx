import { FilterBar, FilterSelect, filterFields, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { TRANSACTION_STATUSES, type ProviderOption, type TransactionStatus } from '../api/types';

export interface TransactionsFilterValues {
  keyword: string;
  status: TransactionStatus | '';
  providerId: string;
}

interface TransactionsFiltersProps {
  value: TransactionsFilterValues;
  onChange: (value: TransactionsFilterValues) => void;
  providers: ProviderOption[];
}

export function TransactionsFilters({ value, onChange, providers }: TransactionsFiltersProps) {
  const t = strings.transactions.filters;
  const field = filterFields(value, onChange);
  const providerName = new Map(providers.map((provider) => [provider.id, provider.name]));
  return (
    <FilterBar rowFrom="md">
      <SearchField
        placeholder={t.keywordPlaceholder}
        {...field('keyword')}
        testId="transactions-search"
        maxLength={KEYWORD_MAX}
        shrinkLabel
        verbatim
      />
      <FilterSelect
        label={t.status}
        {...field('status')}
        options={TRANSACTION_STATUSES}
        optionLabel={(status) => strings.transactions.status[status]}
        testId="transactions-status-filter"
      />
      <FilterSelect
        label={t.provider}
        {...field('providerId')}
        options={providers.map((provider) => provider.id)}
        optionLabel={(id) => providerName.get(id)}
        testId="transactions-provider-filter"
        minWidth={200}
      />
    </FilterBar>
  );
}
