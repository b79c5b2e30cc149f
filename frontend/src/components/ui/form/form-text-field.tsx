import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordField } from '../password-field';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
  maxLength?: number;
};

/** A TextField bound to react-hook-form; shows the field's error as helper text. */
export function FormTextField<T extends FieldValues>({ control, name, helperText, maxLength, slotProps, ...props }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{ ...slotProps, htmlInput: { maxLength, ...slotProps?.htmlInput } }}
    />
  );
}

type FormPasswordFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  maxLength?: number;
};

export function FormPasswordField<T extends FieldValues>({ control, name, helperText, ...props }: FormPasswordFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordField
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
