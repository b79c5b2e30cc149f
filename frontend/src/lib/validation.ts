import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/constants';
import { vi } from '@/i18n/vi';

/** Length in Unicode characters (code points), as the server counts it. */
export function charLength(value: string): number {
  return Array.from(value).length;
}

/** A required password of 6..30 characters; the required message wins over the length one. */
export function passwordField(requiredMessage: string) {
  return z.string().superRefine((value, ctx) => {
    if (value.length === 0) {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return;
    }
    const length = charLength(value);
    if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: vi.validation.passwordLength });
    }
  });
}

/** An optional e-mail: empty is allowed, anything else must be an address. */
export function optionalEmailField(invalidMessage: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, { message: invalidMessage });
}
