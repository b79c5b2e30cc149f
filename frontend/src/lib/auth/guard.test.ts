import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/testing/jwt';
import {
  buildLoginUrlWithRedirect,
  buildLoginUrlWithReturn,
  decideAccess,
  isAdminOnlyPath,
  isLocalAdminPath,
  requiresAuth,
  resolvePostLoginPath,
} from './guard';
import type { StoredSession } from './types';

const NOW = Date.UTC(2026, 10, 22);
const session = (role: 'admin' | 'staff', expOffset = 3600): StoredSession => ({
  accessToken: makeJwt({ exp: NOW / 1000 + expOffset }),
  user: { id: '1', userName: 'u', fullName: 'U', role },
});

describe('requiresAuth', () => {
  it.each([
    '/admin',
    '/admin/',
    '/admin/products',
    '/admin/orders/123',
    '/admin/system/users',
    '/admin/auth',
    '/admin/uikit',
    '/admin/uikit/formlayoutx',
  ])('guards %s', (path) => expect(requiresAuth(path)).toBe(true));

  it.each([
    '/',
    '/order-detail',
    '/pages/notfound',
    '/administrator',
    '/adminauth/access',
    '/admin/auth/login',
    '/admin/auth/access',
    '/uikit/input',
    '/admin/uikit/formlayout',
  ])('leaves %s open', (path) => expect(requiresAuth(path)).toBe(false));
});

describe('login URLs', () => {
  it('encodes the full target as returnUrl', () => {
    expect(buildLoginUrlWithReturn('/admin/products')).toBe(
      '/admin/auth/login?returnUrl=%2Fadmin%2Fproducts',
    );
    expect(buildLoginUrlWithReturn('/admin/orders?status=paid&x=1')).toBe(
      '/admin/auth/login?returnUrl=%2Fadmin%2Forders%3Fstatus%3Dpaid%26x%3D1',
    );
  });

  it('encodes the current path as redirect', () => {
    expect(buildLoginUrlWithRedirect('/admin/system/users')).toBe(
      '/admin/auth/login?redirect=%2Fadmin%2Fsystem%2Fusers',
    );
  });
});

describe('isLocalAdminPath', () => {
  it.each(['/admin', '/admin/products', '/admin?x=1', '/admin/orders/1#top'])(
    'accepts %s',
    (value) => expect(isLocalAdminPath(value)).toBe(true),
  );

  it.each([
    null,
    undefined,
    '',
    '/',
    '/order-detail',
    '//evil.example/admin',
    'https://evil.example/admin',
    'javascript:alert(1)',
    '/administrator',
    '/admin\\@evil.example',
    'admin/products',
    '/admin/\nproducts',
  ])('rejects %s', (value) => expect(isLocalAdminPath(value)).toBe(false));
});

describe('resolvePostLoginPath', () => {
  const resolve = (query: string) => resolvePostLoginPath(new URLSearchParams(query));

  it('uses returnUrl, then redirect', () => {
    expect(resolve('returnUrl=%2Fadmin%2Fproducts')).toBe('/admin/products');
    expect(resolve('redirect=%2Fadmin%2Forders%3Fpage%3D2')).toBe('/admin/orders?page=2');
    expect(resolve('returnUrl=%2Fadmin%2Fproducts&redirect=%2Fadmin%2Forders')).toBe(
      '/admin/products',
    );
  });

  it('falls back to /admin for anything not local', () => {
    expect(resolve('')).toBe('/admin');
    expect(resolve('returnUrl=https%3A%2F%2Fevil.example')).toBe('/admin');
    expect(resolve('returnUrl=%2F%2Fevil.example')).toBe('/admin');
    expect(resolve('redirect=%2F')).toBe('/admin');
    expect(resolve('returnUrl=%2Fadmin%2Fauth%2Flogin')).toBe('/admin');
  });
});

describe('decideAccess', () => {
  it('allows open paths without a token', () => {
    expect(decideAccess({ pathname: '/' }, null, NOW)).toEqual({ kind: 'allow' });
    expect(decideAccess({ pathname: '/admin/auth/login' }, null, NOW)).toEqual({ kind: 'allow' });
  });

  it('sends a visitor without a valid token to login with the full target', () => {
    expect(decideAccess({ pathname: '/admin/products', search: '?page=2' }, null, NOW)).toEqual({
      kind: 'login',
      to: '/admin/auth/login?returnUrl=%2Fadmin%2Fproducts%3Fpage%3D2',
    });
    expect(decideAccess({ pathname: '/admin' }, session('admin', -1), NOW)).toEqual({
      kind: 'login',
      to: '/admin/auth/login?returnUrl=%2Fadmin',
    });
  });

  it('lets staff into ordinary screens but not admin-only ones', () => {
    expect(decideAccess({ pathname: '/admin/products' }, session('staff'), NOW)).toEqual({
      kind: 'allow',
    });
    expect(decideAccess({ pathname: '/admin/system/users' }, session('staff'), NOW)).toEqual({
      kind: 'forbidden',
      to: '/admin/auth/access',
    });
    expect(
      decideAccess({ pathname: '/admin/system/configuration' }, session('staff'), NOW).kind,
    ).toBe('forbidden');
    expect(decideAccess({ pathname: '/admin/system/users' }, session('admin'), NOW)).toEqual({
      kind: 'allow',
    });
  });

  it('knows the admin-only screens', () => {
    expect(isAdminOnlyPath('/admin/system/users')).toBe(true);
    expect(isAdminOnlyPath('/admin/system/configuration')).toBe(true);
    expect(isAdminOnlyPath('/admin/system')).toBe(false);
    expect(isAdminOnlyPath('/admin/products')).toBe(false);
  });
});
