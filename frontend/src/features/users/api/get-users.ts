import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paginated } from '@/lib/api-types';
import type { UserRole } from '@/lib/auth';
import { userEndpoints, usersKeys, type User } from './types';

export interface GetUsersParams {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  role?: UserRole;
  isActive?: boolean;
}

export function getUsers(params: GetUsersParams, signal?: AbortSignal): Promise<Paginated<User>> {
  return api.get<Paginated<User>>(userEndpoints.pagination, { ...params }, { signal });
}

export function getUsersQueryOptions(params: GetUsersParams) {
  return queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: GetUsersParams) {
  return useQuery(getUsersQueryOptions(params));
}
