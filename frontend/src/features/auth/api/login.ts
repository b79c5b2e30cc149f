import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { saveToken } from '@/lib/auth';

export type LoginPayload = ApiSchema<'LoginRequest'>;

export type LoginResult = ApiSchema<'LoginResult'>;

export const LOGIN_PATH = '/identity/api/admin/v1/IdentityAuth/Login' satisfies ApiPath;

export function login(payload: LoginPayload): Promise<LoginResult> {
  return api.post<LoginResult>(LOGIN_PATH, payload);
}

/** Logs in and stores the result as the token (spec section 7). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      // Nothing cached for a previous user may show to this one.
      queryClient.removeQueries();
      saveToken(result);
    },
  });
}
