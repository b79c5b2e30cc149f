import { z } from 'zod';
import { SERIAL_CODE_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { fromDateTimeInputValue } from '@/lib/dates/datetime-input';
import { charLength } from '@/lib/validation';
import type { ProductOption } from '../api/types';
import type { UpdateSerialCodePayload } from '../api/update-serial-code';

const t = strings.serialCodes.validation;

/** Anything the server would call a control character (zero-width and bidi marks included). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

const noteField = z
  .string()
  .trim()
  .refine((value) => charLength(value) <= SERIAL_CODE_LIMITS.noteMax, t.noteTooLong);

/** An optional future moment typed as dd/mm/yyyy HH:mm (`DateTimeField`); `unchanged` is always accepted. */
function expiresAtField(unchanged?: string) {
  return z.string().superRefine((value, ctx) => {
    if (unchanged !== undefined && value === unchanged) return;
    const instant = fromDateTimeInputValue(value);
    if (instant === undefined) ctx.addIssue({ code: 'custom', message: t.expiresAtInvalid });
    else if (instant !== null && new Date(instant).getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', message: t.expiresAtPast });
  });
}

// ---- Edit one code -------------------------------------------------------------------

export function serialCodeEditSchema(originalExpiresAt: string) {
  return z.object({
    code: z
      .string()
      .trim()
      .refine((value) => charLength(value) <= SERIAL_CODE_LIMITS.codeMax, t.codeTooLong)
      .refine((value) => !UNPRINTABLE.test(value), t.codeControl),
    expiresAt: expiresAtField(originalExpiresAt),
    note: noteField,
    disabled: z.boolean(),
  });
}

export type SerialCodeEditValues = z.infer<ReturnType<typeof serialCodeEditSchema>>;

export const SERIAL_CODE_EDIT_FIELDS = ['code', 'expiresAt', 'note'] as const;

/** Only what changed: a field left out stays as it is on the server. */
export function toUpdatePayload(
  id: string,
  values: SerialCodeEditValues,
  original: SerialCodeEditValues,
): UpdateSerialCodePayload {
  const payload: UpdateSerialCodePayload = { id };
  if (values.code) payload.code = values.code;
  if (values.expiresAt !== original.expiresAt)
    payload.expiresAt = fromDateTimeInputValue(values.expiresAt) ?? null;
  if (values.note !== original.note.trim()) payload.note = values.note || null;
  if (values.disabled !== original.disabled)
    payload.status = values.disabled ? 'disabled' : 'available';
  return payload;
}

// ---- Bulk import ---------------------------------------------------------------------

export const importSchema = z
  .object({
    product: z.custom<ProductOption | null>().refine((value) => value !== null, t.productRequired),
    source: z.enum(['text', 'file']),
    text: z.string(),
    fileName: z.string(),
    fileKind: z.enum(['text', 'csv']),
    fileText: z.string(),
    expiresAt: expiresAtField(),
    note: noteField,
  })
  .superRefine((values, ctx) => {
    // Cheap on 50,000 rows: the preview has split them already (off the main thread).
    const input = values.source === 'file' ? values.fileText : values.text;
    if (input.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: [values.source === 'file' ? 'fileName' : 'text'],
        message: t.codesRequired,
      });
    }
  });

export type ImportFormValues = z.input<typeof importSchema>;

export const IMPORT_FIELDS = ['expiresAt', 'note'] as const;
