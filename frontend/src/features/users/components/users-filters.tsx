import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { vi } from '@/i18n/vi';
import type { UserRole } from '@/lib/auth';
import { USER_ROLES } from '../api/types';

export type ActiveFilter = '' | 'true' | 'false';

export interface UsersFilterValues {
  keyword: string;
  role: UserRole | '';
  active: ActiveFilter;
}

interface UsersFiltersProps {
  value: UsersFilterValues;
  onChange: (value: UsersFilterValues) => void;
}

/** "Tất cả" (the empty value) is shown as a choice, with the label above it. */
const SELECT_SLOT_PROPS = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export function UsersFilters({ value, onChange }: UsersFiltersProps) {
  const t = vi.users;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={value.keyword}
        onChange={(event) => onChange({ ...value, keyword: event.target.value })}
        type="search"
        sx={{ flex: 2 }}
        slotProps={{
          htmlInput: { 'data-testid': 'users-search' },
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
        label={t.roleFilter}
        value={value.role}
        onChange={(event) => onChange({ ...value, role: event.target.value as UserRole | '' })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{vi.common.all}</MenuItem>
        {USER_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {t.roles[role]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t.statusFilter}
        value={value.active}
        onChange={(event) => onChange({ ...value, active: event.target.value as ActiveFilter })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{vi.common.all}</MenuItem>
        <MenuItem value="true">{t.status.active}</MenuItem>
        <MenuItem value="false">{t.status.inactive}</MenuItem>
      </TextField>
    </Stack>
  );
}
