import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userEndpoints } from './types';

export interface ResetUserPasswordPayload {
  id: string;
  newPassword: string;
}

export function resetUserPassword(payload: ResetUserPasswordPayload): Promise<boolean> {
  return api.post<boolean>(userEndpoints.resetPassword, payload);
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
