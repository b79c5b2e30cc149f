/**
 * Why SePay could not call `url` (the webhook address, built from the shop's
 * PUBLIC_BASE_URL): not https, or a host that only this machine or its network reaches.
 * `null` when it looks public. The services log the same warning at start.
 */
export type PublicUrlConcern = 'not_https' | 'not_public' | 'invalid';

export function publicUrlConcern(url: string): PublicUrlConcern | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'https:') return 'not_https';
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || /\.(localhost|local|internal)$/.test(host)) return 'not_public';
  if (!host.includes('.') && !host.includes(':')) return 'not_public';
  const v4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    const local =
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168);
    return local ? 'not_public' : null;
  }
  if (host.includes(':')) {
    const local =
      host === '::1' ||
      host === '::' ||
      /^f[cd][0-9a-f]{2}:/.test(host) ||
      /^fe[89ab][0-9a-f]:/.test(host);
    return local ? 'not_public' : null;
  }
  return null;
}
