import type { ApiSchema } from '@/lib/api/schemas';

export type UserRole = ApiSchema<'Role'>;

export type AuthUser = ApiSchema<'SessionUser'>;

type LoginResult = ApiSchema<'LoginResult'>;

/**
 * The Login result, stored as is under `localStorage['data_token']`; only the token is
 * sure to be there (a session stored by an older version may lack the rest).
 */
export type StoredSession = Pick<LoginResult, 'accessToken'> &
  Partial<Omit<LoginResult, 'accessToken'>>;
