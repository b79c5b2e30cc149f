import { z } from 'zod';
import { strings } from '@/i18n/vi';
import { passwordField } from '@/lib/validation';

const t = strings.changePassword;

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, t.oldRequired),
    newPassword: passwordField(t.newRequired),
    confirmPassword: passwordField(t.confirmRequired),
  })
  .superRefine(({ newPassword, confirmPassword }, ctx) => {
    if (newPassword && confirmPassword && newPassword !== confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: t.mismatch });
    }
  });

export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const CHANGE_PASSWORD_DEFAULTS: ChangePasswordValues = {
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
};
