import { z } from 'zod';
import { USER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { optionalEmailField, passwordField } from '@/lib/validation';

const t = strings.users.validation;

export const USER_NAME_PATTERN = new RegExp(
  `^[a-z0-9._-]{${USER_LIMITS.userNameMin},${USER_LIMITS.userNameMax}}$`,
);

const roleField = z.enum(['admin', 'staff']);
const fullNameField = z
  .string()
  .trim()
  .min(1, t.fullNameRequired)
  .max(USER_LIMITS.fullNameMax, t.fullNameTooLong);

export const createUserSchema = z.object({
  userName: z.string().trim().min(1, t.userNameRequired).regex(USER_NAME_PATTERN, t.userNameFormat),
  fullName: fullNameField,
  email: optionalEmailField(t.emailInvalid),
  password: passwordField(t.passwordRequired),
  role: roleField,
});
export type CreateUserValues = z.infer<typeof createUserSchema>;

export const editUserSchema = z.object({
  fullName: fullNameField,
  email: optionalEmailField(t.emailInvalid),
  role: roleField,
  isActive: z.boolean(),
});
export type EditUserValues = z.infer<typeof editUserSchema>;

export const resetPasswordSchema = z
  .object({
    newPassword: passwordField(strings.changePassword.newRequired),
    confirmPassword: passwordField(strings.changePassword.confirmRequired),
  })
  .superRefine(({ newPassword, confirmPassword }, ctx) => {
    if (newPassword && confirmPassword && newPassword !== confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: strings.changePassword.mismatch,
      });
    }
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
