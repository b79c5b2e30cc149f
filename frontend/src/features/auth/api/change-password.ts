import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiPath, ApiSchema } from '@/lib/api/schemas';

export type ChangePasswordPayload = ApiSchema<'ChangePasswordRequest'>;

export const CHANGE_PASSWORD_PATH =
  '/identity/api/admin/v1/IdentityAuth/SelfChangePassword' satisfies ApiPath;

export function changePassword(payload: ChangePasswordPayload): Promise<boolean> {
  return api.post<boolean>(CHANGE_PASSWORD_PATH, payload);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
