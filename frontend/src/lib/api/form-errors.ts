import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './errors';

/**
 * Puts the server's `error.details` under the matching form fields. Returns true when at
 * least one field got a message; the caller shows anything else as a toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || error.details.length === 0) return false;
  let applied = false;
  for (const detail of error.details) {
    const field = fields.find((name) => name === detail.field);
    if (!field) continue;
    setError(field, { type: 'server', message: detail.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** The fields of a form, read off its complete empty values. */
export function formFields<T extends FieldValues>(values: T): readonly Path<T>[] {
  return Object.keys(values) as Path<T>[];
}
