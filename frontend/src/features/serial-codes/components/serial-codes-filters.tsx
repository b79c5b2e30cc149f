import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { vi } from '@/i18n/vi';
import { SERIAL_CODE_STATUSES, type ProductOption, type SerialCodeStatus } from '../api/types';
import { ProductAutocomplete } from './product-autocomplete';

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

const SELECT_SLOT_PROPS = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export function SerialCodesFilters({ product, onProductChange, value, onChange }: SerialCodesFiltersProps) {
  const t = vi.serialCodes;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <ProductAutocomplete
        label={t.productFilter}
        placeholder={t.productPlaceholder}
        value={product}
        onChange={onProductChange}
        testId="serial-codes-product-filter"
        sx={{ flex: 2, minWidth: 220 }}
      />
      <TextField
        select
        label={t.statusFilter}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as SerialCodeStatus | '' })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{vi.common.all}</MenuItem>
        {SERIAL_CODE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t.status[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t.keywordLabel}
        placeholder={t.keywordPlaceholder}
        value={value.keyword}
        onChange={(event) => onChange({ ...value, keyword: event.target.value })}
        type="search"
        sx={{ flex: 2 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'serial-codes-search', maxLength: 200, spellCheck: false, autoCapitalize: 'none' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
