import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { DateTimeField, type DateTimeFieldProps } from '../date-time-field';
import { useBoundField } from './use-bound-field';

type FormDateTimeFieldProps<T extends FieldValues, TOut = T> = Omit<
  DateTimeFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
};

/** A `DateTimeField` bound to react-hook-form (its value is the text); the schema's message shows below it. */
export function FormDateTimeField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  ...props
}: FormDateTimeFieldProps<T, TOut>) {
  const { ref, ...bound } = useBoundField(control, name, helperText);
  return <DateTimeField {...props} {...bound} inputRef={ref} />;
}
