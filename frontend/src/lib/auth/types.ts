export type UserRole = 'admin' | 'staff';

export interface AuthUser {
  id: string;
  userName: string;
  fullName: string;
  role: UserRole;
}

/** The Login result, stored as is under `localStorage['data_token']`. */
export interface StoredSession {
  accessToken: string;
  tokenType?: string;
  expiresAt?: string;
  user?: AuthUser;
}
