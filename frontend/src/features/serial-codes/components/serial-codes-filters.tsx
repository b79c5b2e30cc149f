import { FilterBar, FilterSelect, filterFields, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { SERIAL_CODE_STATUSES, type ProductOption, type SerialCodeStatus } from '../api/types';
import { ProductAutocomplete } from '@/components/product-picker/product-autocomplete';

export interface SerialCodesFilterValues {
  keyword: string;
  status: SerialCodeStatus | '';
}

interface SerialCodesFiltersProps {
  product: ProductOption | null;
  onProductChange: (product: ProductOption | null) => void;
  value: SerialCodesFilterValues;
  onChange: (value: SerialCodesFilterValues) => void;
}

export function SerialCodesFilters({
  product,
  onProductChange,
  value,
  onChange,
}: SerialCodesFiltersProps) {
  const t = strings.serialCodes;
  const field = filterFields(value, onChange);
  return (
    <FilterBar rowFrom="md">
      <ProductAutocomplete
        label={t.productFilter}
        placeholder={t.productPlaceholder}
        value={product}
        onChange={onProductChange}
        testId="serial-codes-product-filter"
        sx={{ flex: 2, minWidth: 220 }}
      />
      <FilterSelect
        label={t.statusFilter}
        {...field('status')}
        options={SERIAL_CODE_STATUSES}
        optionLabel={(status) => t.status[status]}
      />
      <SearchField
        label={t.keywordLabel}
        placeholder={t.keywordPlaceholder}
        {...field('keyword')}
        testId="serial-codes-search"
        maxLength={KEYWORD_MAX}
        shrinkLabel
        verbatim
      />
    </FilterBar>
  );
}
