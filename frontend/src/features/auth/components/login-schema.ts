import { z } from 'zod';
import { strings } from '@/i18n/vi';
import '@/lib/zod-setup';

export const loginSchema = z.object({
  userName: z.string().trim().min(1, strings.auth.userNameRequired),
  password: z.string().min(1, strings.auth.passwordRequired),
});

export type LoginValues = z.infer<typeof loginSchema>;
