import { z } from 'zod';
import { vi } from '@/i18n/vi';
import '@/lib/zod-setup';

export const loginSchema = z.object({
  userName: z.string().trim().min(1, vi.auth.userNameRequired),
  password: z.string().min(1, vi.auth.passwordRequired),
});

export type LoginValues = z.infer<typeof loginSchema>;
