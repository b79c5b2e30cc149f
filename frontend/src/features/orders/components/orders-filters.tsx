import TextField from '@mui/material/TextField';
import { ProductAutocomplete } from '@/components/product-picker/product-autocomplete';
import type { ProductOption } from '@/components/product-picker/types';
import { FilterBar, FilterSelect, SearchField } from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { vi } from '@/i18n/vi';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@/lib/order-status';
import type { OrdersFilterValues } from './orders-url-state';

interface OrdersFiltersProps {
  value: OrdersFilterValues;
  onChange: (value: OrdersFilterValues) => void;
  product: ProductOption | null;
  onProductChange: (product: ProductOption | null) => void;
}

/** Keyword (code, email, phone), status, payment status, product and a date range (shop days). */
export function OrdersFilters({ value, onChange, product, onProductChange }: OrdersFiltersProps) {
  const t = vi.orders.filters;
  return (
    <>
      <FilterBar rowFrom="md">
        <SearchField
          label={vi.common.search}
          placeholder={t.keywordPlaceholder}
          value={value.keyword}
          onChange={(keyword) => onChange({ ...value, keyword })}
          testId="orders-search"
          maxLength={KEYWORD_MAX}
          shrinkLabel
          verbatim
        />
        <FilterSelect
          label={t.status}
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
          options={ORDER_STATUSES}
          optionLabel={(status) => vi.orderStatus[status]}
          testId="orders-status-filter"
        />
        <FilterSelect
          label={t.paymentStatus}
          value={value.paymentStatus}
          onChange={(paymentStatus) => onChange({ ...value, paymentStatus })}
          options={PAYMENT_STATUSES}
          optionLabel={(status) => vi.paymentStatus[status]}
          testId="orders-payment-status-filter"
          minWidth={180}
        />
      </FilterBar>
      <FilterBar rowFrom="md">
        <ProductAutocomplete
          label={t.product}
          placeholder={t.productPlaceholder}
          value={product}
          onChange={onProductChange}
          testId="orders-product-filter"
          sx={{ flex: 2, minWidth: 220 }}
        />
        <TextField
          type="date"
          label={t.fromDay}
          value={value.fromDay}
          onChange={(event) => onChange({ ...value, fromDay: event.target.value })}
          sx={{ flex: 1, minWidth: 160 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.toDay || undefined, 'data-testid': 'orders-from-filter' } }}
        />
        <TextField
          type="date"
          label={t.toDay}
          value={value.toDay}
          onChange={(event) => onChange({ ...value, toDay: event.target.value })}
          sx={{ flex: 1, minWidth: 160 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.fromDay || undefined, 'data-testid': 'orders-to-filter' } }}
        />
      </FilterBar>
    </>
  );
}
