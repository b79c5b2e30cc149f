import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateTimeField, type DateTimeFieldProps } from '../date-time-field';

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
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  return (
    <DateTimeField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
