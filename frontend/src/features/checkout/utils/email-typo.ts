/**
 * A hint for a mistyped e-mail domain ("@gmail.con" → "@gmail.com"): the order's e-mails
 * and the lookup depend on the address, and a shopper on a phone keyboard mistypes it
 * often. Only the common mailbox providers are corrected, plus a few misspellings of
 * ".com" that no real address ends with.
 */

/** The mailbox providers shoppers use most, with every domain each of them really has. */
const PROVIDERS: readonly { name: string; domains: readonly string[] }[] = [
  { name: 'gmail', domains: ['gmail.com'] },
  { name: 'yahoo', domains: ['yahoo.com', 'yahoo.com.vn'] },
  { name: 'outlook', domains: ['outlook.com', 'outlook.com.vn'] },
  { name: 'hotmail', domains: ['hotmail.com'] },
  { name: 'icloud', domains: ['icloud.com'] },
];

/** Misspellings a distance of one does not catch. */
const NAME_TYPOS: Readonly<Record<string, string>> = {
  gamil: 'gmail',
  gmaill: 'gmail',
  gmal: 'gmail',
  gmil: 'gmail',
  gmali: 'gmail',
  gemail: 'gmail',
  googlemail: 'gmail',
  yahooo: 'yahoo',
  yaho: 'yahoo',
  yhoo: 'yahoo',
  outlok: 'outlook',
  outllok: 'outlook',
  hotmal: 'hotmail',
  hotmial: 'hotmail',
  hotmai: 'hotmail',
  iclould: 'icloud',
  icoud: 'icloud',
  iclod: 'icloud',
};

/** Real mailbox domains one letter away from a provider above ("mail.com", "ymail.com"). */
const REAL_LABELS = new Set(['mail', 'ymail', 'email', 'gmx', 'live', 'msn']);

/** What may follow a provider's name and still be a slip for one of its domains. */
const PROVIDER_ENDINGS = new Set([
  '',
  'com',
  'cm',
  'co',
  'c',
  'cim',
  'clm',
  'vn',
  'com.vn',
  'co.vn',
  'con.vn',
  'cpm.vn',
  'com.vm',
  'comvn',
  'com.com',
]);

/** Endings that are ".com" mistyped, whatever the domain. */
const COM_TYPOS = new Set(['con', 'cpm', 'xom', 'vom', 'comm', 'ocm', 'cmo', 'coom', 'colm', 'om']);

/** Endings that are ".com.vn" mistyped. */
const COM_VN_TYPOS = new Set(['con.vn', 'cpm.vn', 'com.vm', 'com.v', 'comvn', 'con.vm']);

/** Edits between two words, a swap of neighbours counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The provider a domain's first label names, allowing one slip of the finger. */
function providerOf(label: string): (typeof PROVIDERS)[number] | undefined {
  const exact = PROVIDERS.find((provider) => provider.name === label);
  if (exact) return exact;
  const fixed = NAME_TYPOS[label];
  if (fixed) return PROVIDERS.find((provider) => provider.name === fixed);
  if (label.length < 4 || REAL_LABELS.has(label)) return undefined;
  return PROVIDERS.find((provider) => editDistance(label, provider.name) === 1);
}

/**
 * The address the shopper probably meant, or null when it looks right (or is not an
 * address at all). "an@gmial.con" → "an@gmail.com"; "an@yahoo.com.vn" → null.
 */
export function suggestEmail(input: string): string | null {
  const email = input.trim();
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  const local = email.slice(0, at);
  const domain = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  if (!domain) return null;

  const dot = domain.indexOf('.');
  const label = dot === -1 ? domain : domain.slice(0, dot);
  const ending = dot === -1 ? '' : domain.slice(dot + 1);
  // "gmailcom": the dot was forgotten.
  const glued =
    dot === -1
      ? PROVIDERS.find(
          (provider) =>
            domain.length > provider.name.length &&
            domain.startsWith(provider.name) &&
            /^c[o0]?m?$/.test(domain.slice(provider.name.length)),
        )
      : undefined;

  let suggestion: string | null = null;
  const provider = glued ?? providerOf(label);
  if (provider) {
    if (provider.domains.includes(domain)) return null;
    // "hotmail.co.uk" is a real address: only endings that are slips are corrected.
    if (!glued && !PROVIDER_ENDINGS.has(ending) && !COM_TYPOS.has(ending)) return null;
    // A provider's own country domain when the ending is "com.vn"-like, else ".com".
    const vn = /(^|\.)vn$|^co[mn]?\.?v[nm]?$/.test(ending)
      ? provider.domains.find((known) => known.endsWith('.vn'))
      : undefined;
    suggestion = vn ?? provider.domains[0];
  } else if (COM_TYPOS.has(ending)) {
    suggestion = `${label}.com`;
  } else if (COM_VN_TYPOS.has(ending)) {
    suggestion = `${label}.com.vn`;
  } else {
    // "company.com.con", "shop.vn.con": the last label alone.
    const last = domain.lastIndexOf('.');
    const tail = last === -1 ? '' : domain.slice(last + 1);
    if (last > dot && COM_TYPOS.has(tail)) suggestion = `${domain.slice(0, last)}.com`;
  }
  if (!suggestion || suggestion === domain) return null;
  return `${local}@${suggestion}`;
}
