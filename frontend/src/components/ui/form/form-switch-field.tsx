import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormSwitchFieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  /** A boolean field. */
  name: FieldPath<T>;
  label: ReactNode;
  testId?: string;
}

/** A labelled Switch bound to a boolean react-hook-form field. */
export function FormSwitchField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  testId,
}: FormSwitchFieldProps<T, TOut>) {
  const { field } = useController<T, FieldPath<T>, TOut>({ control, name });
  return (
    <FormControlLabel
      control={<Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
      label={label}
      data-testid={testId}
    />
  );
}
