function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned, well-formed JWT for tests (the client never checks signatures). */
export function makeJwt(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

export function makeSession(options: { expInSeconds?: number; role?: 'admin' | 'staff' } = {}) {
  const { expInSeconds = 3600, role = 'admin' } = options;
  const exp = Math.floor(Date.now() / 1000) + expInSeconds;
  return {
    accessToken: makeJwt({ sub: 'u-1', exp, role }),
    tokenType: 'Bearer',
    expiresAt: new Date(exp * 1000).toISOString(),
    user: { id: 'u-1', userName: 'admin', fullName: 'Quản trị', role },
  };
}
