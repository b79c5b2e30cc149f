import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * The props a text-like input needs to be one react-hook-form field: its value (empty
 * text for none), its handlers and ref, and the schema's message in place of the helper
 * text while the field is invalid. `TOut` is what the form's resolver turns the values
 * into (a zod transform, for instance).
 */
export function useBoundField<T extends FieldValues, TOut = T>(
  control: Control<T, unknown, TOut>,
  name: FieldPath<T>,
  helperText: ReactNode,
) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message ?? helperText,
  };
}
