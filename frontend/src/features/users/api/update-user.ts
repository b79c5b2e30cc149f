import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { userEndpoints, usersKeys, type User } from './types';

/** A field left out stays unchanged; `email: null` clears it. */
export type UpdateUserPayload = ApiSchema<'UpdateUserRequest'>;

export function updateUser(payload: UpdateUserPayload): Promise<User> {
  return api.put<User>(userEndpoints.update, payload);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
