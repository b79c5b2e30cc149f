import { useEffect, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormDateTimeField } from '@/components/ui/form/form-date-time-field';
import { FormSwitchField } from '@/components/ui/form/form-switch-field';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { SERIAL_CODE_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { toDateTimeInputValue } from '@/lib/dates/datetime-input';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import type { SerialCode } from '../api/types';
import { useUpdateSerialCode } from '../api/update-serial-code';
import {
  SERIAL_CODE_EDIT_FIELDS,
  serialCodeEditSchema,
  toUpdatePayload,
  type SerialCodeEditValues,
} from './serial-code-schemas';

const t = strings.serialCodes.edit;

function toValues(code: SerialCode | null): SerialCodeEditValues {
  return {
    code: '',
    expiresAt: toDateTimeInputValue(code?.expiresAt),
    note: code?.note ?? '',
    disabled: code?.status === 'disabled',
  };
}

/** Edits an available or disabled code: a new code, the expiry, the note, disabled or not. */
export function SerialCodeEditDialog({
  code,
  onClose,
}: {
  code: SerialCode | null;
  onClose: () => void;
}) {
  const mutation = useUpdateSerialCode();
  const original = useMemo(() => toValues(code), [code]);
  const schema = useMemo(() => serialCodeEditSchema(original.expiresAt), [original.expiresAt]);
  const { control, handleSubmit, reset, setError } = useForm<SerialCodeEditValues>({
    resolver: zodResolver(schema),
    defaultValues: original,
  });

  useEffect(() => {
    if (code) reset(original);
  }, [code, original, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!code) return;
    const payload = toUpdatePayload(code.id, values, original);
    // Nothing changed: nothing to send.
    if (Object.keys(payload).length === 1) {
      onClose();
      return;
    }
    mutation.mutate(payload, {
      onSuccess: () => {
        showSuccess(strings.serialCodes.messages.updated);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, ERROR_CODES.serialCodeExists)) {
          setError(
            'code',
            { type: 'server', message: strings.serialCodes.messages.exists },
            { shouldFocus: true },
          );
        } else if (isApiError(error, ERROR_CODES.serialCodeLocked)) {
          showError(strings.serialCodes.messages.locked, strings.serialCodes.messages.lockedTitle);
          onClose();
        } else if (!applyServerFieldErrors(error, setError, SERIAL_CODE_EDIT_FIELDS)) {
          showError(error);
        }
      },
    });
  });

  return (
    <FormDialog
      open={code !== null}
      title={t.title}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      maxWidth="sm"
      testId="serial-code-edit-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={strings.serialCodes.columns.product}
          value={code?.productName ?? ''}
          disabled
        />
        <FormTextField
          control={control}
          name="code"
          label={t.code}
          helperText={t.codeHelp(code?.maskedCode ?? '')}
          maxLength={SERIAL_CODE_LIMITS.codeMax}
          autoComplete="off"
          autoFocus
          slotProps={{
            htmlInput: {
              spellCheck: false,
              autoCapitalize: 'none',
              style: { fontFamily: 'monospace' },
            },
          }}
        />
        <FormDateTimeField
          control={control}
          name="expiresAt"
          label={t.expiresAt}
          helperText={t.expiresAtHelp}
          testId="serial-code-expires-at"
        />
        <FormTextField
          control={control}
          name="note"
          label={t.note}
          multiline
          minRows={2}
          maxLength={SERIAL_CODE_LIMITS.noteMax}
        />
        <FormSwitchField control={control} name="disabled" label={t.disabled} />
      </Stack>
    </FormDialog>
  );
}
