import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { useRef, type FocusEvent, type Ref } from 'react';
import { strings } from '@/i18n/vi';
import {
  dateTimeTextToPickerValue,
  fromDateTimeInputValue,
  normalizeDateTimeText,
  pickerValueToDateTimeText,
} from '@/lib/dates/datetime-input';

/** Where a separator goes once the digits before it are complete: `31` → `31/1`, `31/12/2027` → `31/12/2027 2`. */
const GROUP_ENDS: Record<number, string> = { 2: '/', 5: '/', 10: ' ', 13: ':' };
const CANONICAL_PREFIX = /^\d{2}(\/\d{2}(\/\d{4}( \d{2})?)?)?$/;

/**
 * Typing digits only (`311220272359`, a phone's number pad has no '/' or ':') fills in the
 * separators; anything else typed, pasted or deleted is kept as it is.
 */
function withSeparators(previous: string, next: string): string {
  const typed = next.slice(previous.length);
  const separator = GROUP_ENDS[previous.length];
  if (
    separator &&
    next.startsWith(previous) &&
    /^\d$/.test(typed) &&
    CANONICAL_PREFIX.test(previous)
  ) {
    return `${previous}${separator}${typed}`;
  }
  return next;
}

export type DateTimeFieldProps = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'onBlur' | 'type' | 'inputRef'
> & {
  /** The text as typed, `dd/mm/yyyy HH:mm` once complete; '' for none. */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
};

/**
 * A moment shown and typed as `dd/mm/yyyy HH:mm` whatever the browser's language (its own
 * `datetime-local` input follows the UI language), with a calendar button that opens the
 * browser's picker, like the day filters. The value is the text: `fromDateTimeInputValue`
 * turns it into an instant, and a form's schema says what is wrong with it. Without an
 * `error` from the form, text that is not a real moment is flagged here.
 */
export function DateTimeField({
  value,
  onChange,
  onBlur,
  inputRef,
  testId,
  label,
  error,
  helperText,
  slotProps,
  ...props
}: DateTimeFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const unreadable = value.trim() !== '' && fromDateTimeInputValue(value) === undefined;
  const showError = error ?? unreadable;

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };
  const tidy = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const tidied = normalizeDateTimeText(event.target.value);
    if (tidied !== value) onChange(tidied);
    onBlur?.();
  };

  return (
    <TextField
      {...props}
      label={label}
      value={value}
      onChange={(event) => onChange(withSeparators(value, event.target.value))}
      onBlur={tidy}
      inputRef={inputRef}
      placeholder={strings.common.dateTimePlaceholder}
      error={showError}
      helperText={error === undefined && unreadable ? strings.common.dateTimeInvalid : helperText}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        htmlInput: {
          'data-testid': testId,
          inputMode: 'numeric',
          maxLength: 16,
          autoComplete: 'off',
          spellCheck: false,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                size="small"
                edge="end"
                aria-label={strings.common.pickDay(typeof label === 'string' ? label : '')}
                onClick={openPicker}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <Box
                component="input"
                ref={picker}
                type="datetime-local"
                tabIndex={-1}
                aria-hidden
                value={dateTimeTextToPickerValue(value)}
                onChange={(event) => onChange(pickerValueToDateTimeText(event.target.value))}
                sx={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  p: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
