import { ProductAutocomplete } from '@/components/product-picker/product-autocomplete';
import type { ProductOption } from '@/components/product-picker/types';
import {
  DayRangeFields,
  FilterBar,
  FilterSelect,
  filterFields,
  SearchField,
} from '@/components/ui/filter-bar';
import { KEYWORD_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
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
  const t = strings.orders.filters;
  const field = filterFields(value, onChange);
  return (
    <>
      <FilterBar rowFrom="md">
        <SearchField
          placeholder={t.keywordPlaceholder}
          {...field('keyword')}
          testId="orders-search"
          maxLength={KEYWORD_MAX}
          shrinkLabel
          verbatim
        />
        <FilterSelect
          label={t.status}
          {...field('status')}
          options={ORDER_STATUSES}
          optionLabel={(status) => strings.orderStatus[status]}
          testId="orders-status-filter"
        />
        <FilterSelect
          label={t.paymentStatus}
          {...field('paymentStatus')}
          options={PAYMENT_STATUSES}
          optionLabel={(status) => strings.paymentStatus[status]}
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
        <DayRangeFields
          value={value}
          onChange={onChange}
          testIds={{ from: 'orders-from-filter', to: 'orders-to-filter' }}
        />
      </FilterBar>
    </>
  );
}
