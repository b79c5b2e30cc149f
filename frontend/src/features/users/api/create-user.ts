import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { userEndpoints, usersKeys, type User } from './types';

export type CreateUserPayload = ApiSchema<'CreateUserRequest'>;

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
