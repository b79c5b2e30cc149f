import type { Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { strings } from '@/i18n/vi';
import type { Bank } from '../api/types';

interface BankAutocompleteProps {
  banks: readonly Bank[];
  loading: boolean;
  /** The chosen BIN, '' for none. */
  value: string;
  onChange: (bin: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
  testId: string;
}

export function bankOptionLabel(bank: Bank): string {
  return strings.paymentProviders.form.bankOption(bank.shortName, bank.name, bank.bin);
}

/** Picks one bank of the service's built-in list, searchable by short name, name or BIN. */
export function BankAutocomplete({
  banks,
  loading,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  disabled,
  testId,
}: BankAutocompleteProps) {
  const t = strings.paymentProviders.form;
  const selected = banks.find((bank) => bank.bin === value) ?? null;
  return (
    <Autocomplete<Bank>
      value={selected}
      onChange={(_, next) => onChange(next?.bin ?? '')}
      onBlur={onBlur}
      options={banks}
      getOptionLabel={bankOptionLabel}
      getOptionKey={(bank) => bank.bin}
      isOptionEqualToValue={(option, chosen) => option.bin === chosen.bin}
      loading={loading}
      loadingText={t.banksLoading}
      noOptionsText={t.banksEmpty}
      disabled={disabled}
      data-testid={testId}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={t.bank}
          placeholder={t.bankPlaceholder}
          required
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={18} /> : null}
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
