import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserRole } from '@/lib/auth';
import { userEndpoints, usersKeys, type User } from './types';

export interface CreateUserPayload {
  userName: string;
  fullName: string;
  email?: string | null;
  password: string;
  role: UserRole;
}

export function createUser(payload: CreateUserPayload): Promise<User> {
  return api.post<User>(userEndpoints.create, payload);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
