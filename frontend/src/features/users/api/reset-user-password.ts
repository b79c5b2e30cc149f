import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { userEndpoints } from './types';

export type ResetUserPasswordPayload = ApiSchema<'ResetPasswordRequest'>;

export function resetUserPassword(payload: ResetUserPasswordPayload): Promise<boolean> {
  return api.post<boolean>(userEndpoints.resetPassword, payload);
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
