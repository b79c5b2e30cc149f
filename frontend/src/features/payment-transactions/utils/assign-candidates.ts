/**
 * Which orders an unmatched transfer may be for: the unpaid or expired orders whose total
 * is exactly the amount (recent first), then the orders whose code is one typing slip
 * away from a code-like word of the memo (a letter wrong, missing or added).
 */
import type { ApiSchema } from '@/lib/api/schemas';

export type CandidateOrder = ApiSchema<'OrderListItem'>;

/** Statuses an order still waiting for its money can be in. */
const WAITING = new Set<CandidateOrder['status']>(['pending_payment', 'expired']);

/** Words of the memo (or of SePay's `code`) that look like an order code: DH and 7 to 9 more letters or digits. */
export function codeLikeTokens(...texts: (string | null | undefined)[]): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const match of (text ?? '').toUpperCase().matchAll(/DH[0-9A-Z]{7,9}/g))
      tokens.add(match[0]);
  }
  return [...tokens].slice(0, 3);
}

/** True when `a` becomes `b` by changing, removing or adding at most one character. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  return short.length === long.length
    ? short.slice(i + 1) === long.slice(i + 1)
    : short.slice(i) === long.slice(i + 1);
}

/**
 * The keywords that find every order within one edit of `token`: a code that differs in
 * one place keeps either its first six or its last four characters intact.
 */
export function searchKeywords(token: string): string[] {
  return [...new Set([token.slice(0, 6), token.slice(-4)])];
}

export interface Candidate {
  order: CandidateOrder;
  /** Why it is offered: same amount, or a code close to the memo's. */
  reason: 'amount' | 'code';
}

/** The candidates from both searches: same amount first (newest first), then close codes; each order once. */
export function mergeCandidates(
  amount: number,
  byAmount: CandidateOrder[],
  byCode: CandidateOrder[],
  tokens: string[],
): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const sameAmount = byAmount
    .filter((order) => order.total === amount && WAITING.has(order.status))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const order of sameAmount) {
    if (seen.has(order.id)) continue;
    seen.add(order.id);
    out.push({ order, reason: 'amount' });
  }
  for (const order of byCode) {
    if (
      seen.has(order.id) ||
      typeof order.code !== 'string' ||
      !tokens.some((token) => withinOneEdit(order.code, token))
    )
      continue;
    seen.add(order.id);
    out.push({ order, reason: 'code' });
  }
  return out;
}

/** An e-mail shown without giving it away whole: `an***@vidu.vn`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email.length > 2 ? `${email.slice(0, 2)}***` : '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${email.slice(at)}`;
}
