import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import CancelIcon from '@mui/icons-material/Cancel';
import { useController, type Control } from 'react-hook-form';
import { EMAIL_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import type { NotificationSettingsUpdate } from '../api/types';
import {
  addEmails,
  isEmailAddress,
  splitEmails,
  type NotificationSettingsFormValues,
} from './notification-settings-schema';

const t = strings.notifications.settings.fields;

interface SellerEmailsFieldProps {
  control: Control<NotificationSettingsFormValues, unknown, NotificationSettingsUpdate>;
  disabled?: boolean;
}

/**
 * The seller's addresses as chips: typed and ended with Enter, a comma or a space, or
 * pasted as a list; an address already there is not added twice, and one that is not
 * an address shows red (the form names it on save).
 */
export function SellerEmailsField({ control, disabled }: SellerEmailsFieldProps) {
  const { field, fieldState } = useController({ control, name: 'sellerEmails' });
  const [input, setInput] = useState('');

  const commit = (text: string) => {
    const added = splitEmails(text);
    if (added.length > 0) field.onChange(addEmails(field.value, added));
    setInput('');
  };

  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={field.value}
      inputValue={input}
      disabled={disabled}
      onChange={(_, next) => field.onChange(addEmails([], next.flatMap(splitEmails)))}
      onInputChange={(_, text, reason) => {
        if (reason !== 'input') return;
        // A separator ends an address: what comes before it becomes a chip.
        if (/[,;\s]/.test(text)) {
          const last = text.split(/[,;\s]/).pop() ?? '';
          const before = text.slice(0, text.length - last.length);
          field.onChange(addEmails(field.value, splitEmails(before)));
          setInput(last);
        } else {
          setInput(text);
        }
      }}
      onBlur={() => {
        commit(input);
        field.onBlur();
      }}
      renderValue={(values, getItemProps) =>
        values.map((email, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const valid = isEmailAddress(email);
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={email}
              color={valid ? 'default' : 'error'}
              variant={valid ? 'filled' : 'outlined'}
              data-testid="seller-email-chip"
              data-valid={valid}
              deleteIcon={<CancelIcon titleAccess={t.removeSellerEmail(email)} />}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t.sellerEmails}
          placeholder={field.value.length === 0 ? t.sellerEmailsPlaceholder : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? t.sellerEmailsHelp}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              maxLength: EMAIL_MAX,
              inputMode: 'email',
              autoCapitalize: 'none',
              spellCheck: false,
              'data-testid': 'notification-seller-emails',
            },
          }}
        />
      )}
    />
  );
}
