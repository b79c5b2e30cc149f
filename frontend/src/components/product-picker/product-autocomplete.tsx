import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { strings } from '@/i18n/vi';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useProductOptions } from './get-product-options';
import type { ProductOption } from './types';

interface ProductAutocompleteProps {
  label: string;
  value: ProductOption | null;
  onChange: (value: ProductOption | null) => void;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  testId: string;
  sx?: SxProps<Theme>;
}

/** Picks a product by name, searching the server as the user types. */
export function ProductAutocomplete({
  label,
  value,
  onChange,
  placeholder,
  error,
  disabled,
  required,
  testId,
  sx,
}: ProductAutocompleteProps) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim());
  // While the field shows the chosen product's name, list everything, not just that name.
  const search = value && input === value.name ? '' : keyword;
  const options = useProductOptions(search, open);
  const t = strings.productPicker;

  return (
    <Autocomplete<ProductOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={options.data ?? []}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={options.isFetching}
      loadingText={t.loading}
      noOptionsText={t.empty}
      disabled={disabled}
      sx={sx}
      data-testid={testId}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          required={required}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.isFetching && open ? (
                    <CircularProgress color="inherit" size={18} />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
