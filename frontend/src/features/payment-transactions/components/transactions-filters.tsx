import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FilterBar, FilterSelect, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { vi } from '@/i18n/vi';
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
  const t = vi.transactions.filters;
  return (
    <FilterBar rowFrom="md">
      <SearchField
        label={vi.common.search}
        placeholder={t.keywordPlaceholder}
        value={value.keyword}
        onChange={(keyword) => onChange({ ...value, keyword })}
        testId="transactions-search"
        maxLength={KEYWORD_MAX}
        shrinkLabel
        verbatim
      />
      <FilterSelect
        label={t.status}
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
        options={TRANSACTION_STATUSES}
        optionLabel={(status) => vi.transactions.status[status]}
        testId="transactions-status-filter"
      />
      <TextField
        select
        label={t.provider}
        value={value.providerId}
        onChange={(event) => onChange({ ...value, providerId: event.target.value })}
        sx={{ flex: 1, minWidth: 200 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true }, htmlInput: { 'data-testid': 'transactions-provider-filter' } }}
      >
        <MenuItem value="">{vi.common.all}</MenuItem>
        {providers.map((provider) => (
          <MenuItem key={provider.id} value={provider.id}>
            {provider.name}
          </MenuItem>
        ))}
      </TextField>
    </FilterBar>
  );
}
