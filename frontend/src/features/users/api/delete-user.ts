import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { userEndpoints, usersKeys } from './types';

export function deleteUser(id: string): Promise<boolean> {
  return api.delete<boolean>(userEndpoints.delete, { id });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
