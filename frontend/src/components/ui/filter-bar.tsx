import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { strings } from '@/i18n/vi';
import { isoDayToText, textToIsoDay } from '@/lib/dates/day-text';

/** The row of filters above a table; a column on narrow screens. */
export function FilterBar({
  children,
  rowFrom = 'sm',
}: {
  children: ReactNode;
  rowFrom?: 'sm' | 'md';
}) {
  return (
    <Stack direction={{ xs: 'column', [rowFrom]: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      {children}
    </Stack>
  );
}

/**
 * Binds a control to one field of a filter bar's value: `{...field('status')}` hands it that
 * field and an onChange that reports the whole value with the field replaced.
 */
export function filterFields<T extends object>(value: T, onChange: (value: T) => void) {
  return <K extends keyof T>(key: K) => ({
    value: value[key],
    onChange: (next: T[K]) => onChange({ ...value, [key]: next }),
  });
}

interface SearchFieldProps {
  /** "Tìm kiếm" unless given. */
  label?: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  maxLength?: number;
  /** Keep the label above the field even while it is empty. */
  shrinkLabel?: boolean;
  /** For codes and keys: no spell check, no capitalising. */
  verbatim?: boolean;
}

/**
 * What the box shows: its own text at once, `value` when it changes from outside (a link,
 * Back). The list's state lives in the URL, whose updates land a moment later; showing
 * those would put a fast typist's letters back to an older text and lose some. Values
 * this box sent come back in order and are skipped.
 */
function useDraft(value: string, onChange: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const sent = useRef<string[]>([]);
  useEffect(() => {
    const index = sent.current.indexOf(value);
    if (index >= 0) {
      sent.current = sent.current.slice(index + 1);
      return;
    }
    sent.current = [];
    setDraft(value);
  }, [value]);
  const change = (next: string) => {
    sent.current.push(next);
    setDraft(next);
    onChange(next);
  };
  return [draft, change] as const;
}

/** The keyword box of a filter bar, with a search icon. */
export function SearchField({
  label = strings.common.search,
  placeholder,
  value,
  onChange,
  testId,
  maxLength,
  shrinkLabel,
  verbatim,
}: SearchFieldProps) {
  const [draft, change] = useDraft(value, onChange);
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(event) => change(event.target.value)}
      type="search"
      sx={{ flex: 2 }}
      slotProps={{
        ...(shrinkLabel && { inputLabel: { shrink: true } }),
        htmlInput: {
          'data-testid': testId,
          maxLength,
          ...(verbatim && { spellCheck: false, autoCapitalize: 'none' }),
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface FilterSelectProps<V extends string> {
  label: string;
  /** '' is "all". */
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly V[];
  optionLabel: (value: V) => ReactNode;
  testId?: string;
  minWidth?: number;
}

/** A select of a filter bar; its first choice, "Tất cả" (the empty value), shows with the label above it. */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  optionLabel,
  testId,
  minWidth = 160,
}: FilterSelectProps<V>) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
      sx={{ flex: 1, minWidth }}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <MenuItem value="">{strings.common.all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface DayRange {
  /** `YYYY-MM-DD`, '' for open. */
  fromDay: string;
  toDay: string;
}

interface DayFieldProps {
  label: string;
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  testId: string;
}

/**
 * A day shown and typed as dd/mm/yyyy whatever the browser's language (its own date input
 * follows the UI language), with a calendar button that opens the browser's picker. Reports
 * `YYYY-MM-DD`, or '' once emptied; a day it cannot read, or one outside min/max, is shown
 * as an error and not reported.
 */
function DayField({ label, value, onChange, min, max, testId }: DayFieldProps) {
  const [text, setText] = useState(() => isoDayToText(value));
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a link, Clear) shows; one this field reported stays as typed.
  const [reported, setReported] = useState(value);
  if (value !== reported) {
    setReported(value);
    setText(isoDayToText(value));
  }
  const iso = textToIsoDay(text);
  const outOfRange =
    iso !== null && ((min !== undefined && iso < min) || (max !== undefined && iso > max));
  const invalid = text.trim() !== '' && (iso === null || outOfRange);

  const report = (day: string) => {
    setReported(day);
    onChange(day);
  };
  const onText = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      if (value !== '') report('');
      return;
    }
    const day = textToIsoDay(next);
    if (day && !(min && day < min) && !(max && day > max) && day !== value) report(day);
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };

  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => onText(event.target.value)}
      placeholder={strings.common.dayPlaceholder}
      error={invalid}
      helperText={invalid ? strings.common.dayInvalid : undefined}
      sx={{ flex: 1, minWidth: 160 }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          'data-testid': testId,
          inputMode: 'numeric',
          maxLength: 10,
          autoComplete: 'off',
        },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                size="small"
                edge="end"
                aria-label={strings.common.pickDay(label)}
                onClick={openPicker}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <Box
                component="input"
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                min={min}
                max={max}
                onChange={(event) => {
                  const day = event.target.value;
                  setText(isoDayToText(day));
                  report(day);
                }}
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

/** "Từ ngày" and "Đến ngày" of a filter bar; neither lets one pick past the other. */
export function DayRangeFields<T extends DayRange>({
  value,
  onChange,
  testIds,
}: {
  value: T;
  onChange: (value: T) => void;
  testIds: { from: string; to: string };
}) {
  const field = filterFields(value, onChange);
  return (
    <>
      <DayField
        label={strings.common.fromDay}
        {...field('fromDay')}
        max={value.toDay || undefined}
        testId={testIds.from}
      />
      <DayField
        label={strings.common.toDay}
        {...field('toDay')}
        min={value.fromDay || undefined}
        testId={testIds.to}
      />
    </>
  );
}
