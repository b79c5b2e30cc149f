import { FilterBar, FilterSelect, filterFields, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { PRODUCT_STATUSES, type ProductStatus } from '../api/types';

export interface ProductsFilterValues {
  keyword: string;
  status: ProductStatus | '';
}

export function ProductsFilters({
  value,
  onChange,
}: {
  value: ProductsFilterValues;
  onChange: (value: ProductsFilterValues) => void;
}) {
  const t = strings.products;
  const field = filterFields(value, onChange);
  return (
    <FilterBar>
      <SearchField
        placeholder={t.searchPlaceholder}
        {...field('keyword')}
        testId="products-search"
        maxLength={KEYWORD_MAX}
      />
      <FilterSelect
        label={t.statusFilter}
        {...field('status')}
        options={PRODUCT_STATUSES}
        optionLabel={(status) => t.status[status]}
        testId="products-status-filter"
      />
    </FilterBar>
  );
}
