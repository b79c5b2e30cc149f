import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { vi } from '@/i18n/vi';
import { PRODUCT_STATUSES, type ProductStatus } from '../api/types';

export interface ProductsFilterValues {
  keyword: string;
  status: ProductStatus | '';
}

const SELECT_SLOT_PROPS = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export function ProductsFilters({ value, onChange }: { value: ProductsFilterValues; onChange: (value: ProductsFilterValues) => void }) {
  const t = vi.products;
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
          htmlInput: { 'data-testid': 'products-search', maxLength: 200 },
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
        label={t.statusFilter}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as ProductStatus | '' })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={{ ...SELECT_SLOT_PROPS, htmlInput: { 'data-testid': 'products-status-filter' } }}
      >
        <MenuItem value="">{vi.common.all}</MenuItem>
        {PRODUCT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t.status[status]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
