/** Returns the URL when it is an absolute http(s) address, else null (no `javascript:` links). */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A `mailto:` link for an address without spaces or URL syntax, else null. */
export function mailtoHref(email: string | null | undefined): string | null {
  const value = email?.trim();
  if (!value || !/^[^\s@?#/]+@[^\s@?#/]+$/.test(value)) return null;
  return `mailto:${value}`;
}

/** A `tel:` link keeping only the digits and a leading `+`; null without digits. */
export function telHref(phone: string | null | undefined): string | null {
  const value = phone?.trim() ?? '';
  const digits = value.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${value.startsWith('+') ? '+' : ''}${digits}`;
}
