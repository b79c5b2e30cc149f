import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordPayload {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const CHANGE_PASSWORD_PATH = '/identity/api/admin/v1/IdentityAuth/SelfChangePassword';

export function changePassword(payload: ChangePasswordPayload): Promise<boolean> {
  return api.post<boolean>(CHANGE_PASSWORD_PATH, payload);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
