import { useQuery } from '@tanstack/react-query';
import { pagedListQueryOptions, type PageParams } from '@/lib/api/paged-list-query';
import type { UserRole } from '@/lib/auth';
import { userEndpoints, usersKeys, type User } from './types';

export interface GetUsersParams extends PageParams {
  keyword?: string;
  role?: UserRole;
  isActive?: boolean;
}

/** GET admin User/Pagination. */
export function useUsers(params: GetUsersParams) {
  return useQuery(
    pagedListQueryOptions<User>(usersKeys.list(params), userEndpoints.pagination, params),
  );
}
