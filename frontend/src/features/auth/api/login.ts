import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveToken, type StoredSession } from '@/lib/auth';

export interface LoginPayload {
  userName: string;
  password: string;
}

export interface LoginResult extends StoredSession {
  tokenType: string;
  expiresAt: string;
}

export const LOGIN_PATH = '/identity/api/admin/v1/IdentityAuth/Login';

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
