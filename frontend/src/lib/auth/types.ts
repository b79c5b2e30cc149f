import type { IdentitySchema } from '@/lib/api/schemas';

export type UserRole = IdentitySchema<'Role'>;

export type AuthUser = IdentitySchema<'SessionUser'>;

type LoginResult = IdentitySchema<'LoginResult'>;

/**
 * The Login result, stored as is under `localStorage['data_token']`; only the token is
 * sure to be there (a session stored by an older version may lack the rest).
 */
export type StoredSession = Pick<LoginResult, 'accessToken'> & Partial<Omit<LoginResult, 'accessToken'>>;
