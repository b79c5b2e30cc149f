import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormCheckboxFieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  /** A boolean field. */
  name: FieldPath<T>;
  label: ReactNode;
  /** A line under the box (what ticking it does). */
  helperText?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** A labelled Checkbox bound to a boolean react-hook-form field. */
export function FormCheckboxField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  testId,
}: FormCheckboxFieldProps<T, TOut>) {
  const { field } = useController<T, FieldPath<T>, TOut>({ control, name });
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(field.value)}
            onChange={(_, checked) => field.onChange(checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
            disabled={disabled}
          />
        }
        label={label}
        data-testid={testId}
      />
      {helperText && <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{helperText}</FormHelperText>}
    </div>
  );
}
