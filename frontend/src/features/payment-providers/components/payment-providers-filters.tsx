import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { vi } from '@/i18n/vi';
import { PAYMENT_PROVIDER_TYPES, type PaymentProviderType } from '../api/types';

export type ActiveFilter = '' | 'true' | 'false';

export interface PaymentProvidersFilterValues {
  keyword: string;
  type: PaymentProviderType | '';
  active: ActiveFilter;
}

/** "Tất cả" (the empty value) is shown as a choice, with the label above it. */
const SELECT_SLOT_PROPS = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export function PaymentProvidersFilters({
  value,
  onChange,
}: {
  value: PaymentProvidersFilterValues;
  onChange: (value: PaymentProvidersFilterValues) => void;
}) {
  const t = vi.paymentProviders;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        label={vi.common.search}
        placeholder={t.searchPlaceholder}
        value={value.keyword}
        onChange={(event) => onChange({ ...value, keyword: event.target.value })}
        type="search"
        sx={{ flex: 2 }}
        slotProps={{
          htmlInput: { 'data-testid': 'payment-providers-search', maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label={t.typeFilter}
        value={value.type}
        onChange={(event) => onChange({ ...value, type: event.target.value as PaymentProviderType | '' })}
        sx={{ flex: 1, minWidth: 180 }}
        slotProps={{ ...SELECT_SLOT_PROPS, htmlInput: { 'data-testid': 'payment-providers-type-filter' } }}
      >
        <MenuItem value="">{vi.common.all}</MenuItem>
        {PAYMENT_PROVIDER_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t.types[type]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t.activeFilter}
        value={value.active}
        onChange={(event) => onChange({ ...value, active: event.target.value as ActiveFilter })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={{ ...SELECT_SLOT_PROPS, htmlInput: { 'data-testid': 'payment-providers-active-filter' } }}
      >
        <MenuItem value="">{vi.common.all}</MenuItem>
        <MenuItem value="true">{t.status.active}</MenuItem>
        <MenuItem value="false">{t.status.inactive}</MenuItem>
      </TextField>
    </Stack>
  );
}
