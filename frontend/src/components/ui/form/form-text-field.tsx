import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PasswordField } from '../password-field';
import { useBoundField } from './use-bound-field';

// `TOut` is what the form's resolver turns the values into (a zod transform, for instance).
type FormTextFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  maxLength?: number;
};

/** A TextField bound to react-hook-form; shows the field's error as helper text. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  maxLength,
  slotProps,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { ref, ...bound } = useBoundField(control, name, helperText);
  return (
    <TextField
      {...props}
      {...bound}
      inputRef={ref}
      slotProps={{ ...slotProps, htmlInput: { maxLength, ...slotProps?.htmlInput } }}
    />
  );
}

type FormPasswordFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
};

export function FormPasswordField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  ...props
}: FormPasswordFieldProps<T, TOut>) {
  return <PasswordField {...props} {...useBoundField(control, name, helperText)} />;
}
