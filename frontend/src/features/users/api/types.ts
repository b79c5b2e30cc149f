import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import type { UserRole } from '@/lib/auth';

export type User = ApiSchema<'User'>;

export const USER_ROLES: readonly UserRole[] = ['admin', 'staff'];

const USER_API = '/identity/api/admin/v1/User';

export const userEndpoints = {
  pagination: `${USER_API}/Pagination`,
  create: `${USER_API}/Create`,
  update: `${USER_API}/Update`,
  resetPassword: `${USER_API}/ResetPassword`,
  delete: `${USER_API}/Delete`,
} as const satisfies Record<string, ApiPath>;

/** Every users query key starts here, so one invalidation refreshes them all. */
export const usersKeys = {
  all: ['users'] as const,
  list: (params: object) => ['users', 'list', params] as const,
};
