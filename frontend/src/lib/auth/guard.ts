import { ADMIN_ONLY_PATHS, paths } from '@/config/paths';
import { isTokenValid } from './token';
import type { StoredSession } from './types';

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * `/admin` and everything under `/admin/` needs a valid token, except `/admin/auth/...`
 * and the style guide's form-layout page, which, like every demo page, is not guarded
 * and calls no admin API.
 */
export function requiresAuth(pathname: string): boolean {
  if (pathname.startsWith(paths.auth.prefix) || isUnder(pathname, paths.uikit.formLayout))
    return false;
  return isUnder(pathname, paths.admin.root);
}

export function isAdminOnlyPath(pathname: string): boolean {
  return ADMIN_ONLY_PATHS.some((base) => isUnder(pathname, base));
}

export function fullPath({ pathname, search = '', hash = '' }: LocationLike): string {
  return `${pathname}${search}${hash}`;
}

/** Where the guard sends an unauthenticated visitor: `returnUrl` holds the encoded target. */
export function buildLoginUrlWithReturn(target: string): string {
  return `${paths.auth.login}?returnUrl=${encodeURIComponent(target)}`;
}

/** Where logout and an HTTP 401 send the user: `redirect` holds the encoded current path. */
export function buildLoginUrlWithRedirect(current: string): string {
  return `${paths.auth.login}?redirect=${encodeURIComponent(current)}`;
}

/**
 * A post-login target is accepted only if it is a local admin path: it starts with
 * `/admin` (then ends or goes on with `/`, `?` or `#`), is not protocol-relative, carries
 * no scheme, no backslash and no control character.
 */
export function isLocalAdminPath(value: string | null | undefined): value is string {
  if (!value) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return false;
  return /^\/admin(?:[/?#]|$)/.test(value);
}

/** After login: `returnUrl` (guard) or `redirect` (logout, 401) when local, else `/admin`. */
export function resolvePostLoginPath(search: URLSearchParams): string {
  const candidate = search.get('returnUrl') ?? search.get('redirect');
  if (!isLocalAdminPath(candidate)) return paths.admin.root;
  // Never bounce back into the auth pages themselves.
  if (candidate.startsWith(paths.auth.prefix)) return paths.admin.root;
  return candidate;
}

export type GuardDecision =
  { kind: 'allow' } | { kind: 'login'; to: string } | { kind: 'forbidden'; to: string };

/**
 * The route guard as a pure rule. `login` means: clear the stored token and go to `to`.
 */
export function decideAccess(
  location: LocationLike,
  session: StoredSession | null,
  nowMs: number = Date.now(),
): GuardDecision {
  if (!requiresAuth(location.pathname)) return { kind: 'allow' };
  if (!isTokenValid(session, nowMs)) {
    return { kind: 'login', to: buildLoginUrlWithReturn(fullPath(location)) };
  }
  if (isAdminOnlyPath(location.pathname) && session.user?.role !== 'admin') {
    return { kind: 'forbidden', to: paths.auth.access };
  }
  return { kind: 'allow' };
}
