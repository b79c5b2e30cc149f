import { FilterBar, FilterSelect, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { vi } from '@/i18n/vi';
import { PRODUCT_STATUSES, type ProductStatus } from '../api/types';

export interface ProductsFilterValues {
  keyword: string;
  status: ProductStatus | '';
}

export function ProductsFilters({ value, onChange }: { value: ProductsFilterValues; onChange: (value: ProductsFilterValues) => void }) {
  const t = vi.products;
  return (
    <FilterBar>
      <SearchField
        label={vi.common.search}
        placeholder={t.searchPlaceholder}
        value={value.keyword}
        onChange={(keyword) => onChange({ ...value, keyword })}
        testId="products-search"
        maxLength={KEYWORD_MAX}
      />
      <FilterSelect
        label={t.statusFilter}
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
        options={PRODUCT_STATUSES}
        optionLabel={(status) => t.status[status]}
        testId="products-status-filter"
      />
    </FilterBar>
  );
}
