import { z } from 'zod';
import { PASSWORD_LENGTH } from '@/config/limits';
import { strings } from '@/i18n/vi';
import '@/lib/zod-setup';

/** Length in Unicode characters (code points), as the server counts it. */
export function charLength(value: string): number {
  return Array.from(value).length;
}

/** A required password of `PASSWORD_LENGTH` characters; the required message wins over the length one. */
export function passwordField(requiredMessage: string) {
  return z.string().superRefine((value, ctx) => {
    if (value.length === 0) {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return;
    }
    const length = charLength(value);
    if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
      ctx.addIssue({ code: 'custom', message: strings.validation.passwordLength });
    }
  });
}

/** An optional e-mail: empty is allowed, anything else must be an address. */
export function optionalEmailField(invalidMessage: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      message: invalidMessage,
    });
}

/**
 * A whole number as a person types it: `120000`, or grouped by thousands with dots,
 * commas or spaces (`120.000`, `1 200 000`; VND has no decimals). Returns null for an
 * empty text and NaN for anything that is not a whole number.
 */
export function parseWholeNumber(
  text: string,
  options: { allowNegative?: boolean } = {},
): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const negative = trimmed.startsWith('-');
  if (negative && !options.allowNegative) return Number.NaN;
  const digits = negative ? trimmed.slice(1).trim() : trimmed;
  const plain = /^\d+$/.test(digits);
  const grouped = /^\d{1,3}(?:[.,\s]\d{3})+$/.test(digits);
  if (!plain && !grouped) return Number.NaN;
  const value = Number(digits.replace(/[.,\s]/g, ''));
  if (!Number.isSafeInteger(value)) return Number.NaN;
  return negative ? -value : value;
}
