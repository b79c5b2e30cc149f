import { STORAGE_KEYS } from '@/config/constants';
import type { BuyNowFormValues } from '../components/buy-now-schema';

/**
 * What the shopper typed in the buy-now form, kept in sessionStorage per product: a sheet
 * closed by a slip of the thumb (or the phone's Back) opens again as it was. The tab's
 * session ends it, and a placed order clears it. The payment method is not kept: the list
 * may have changed, and the first one is chosen again.
 */
export type BuyDraft = Pick<BuyNowFormValues, 'quantity' | 'email' | 'phone' | 'customerName'>;

const FIELDS = ['quantity', 'email', 'phone', 'customerName'] as const;
/** Longer than any field the form accepts: anything beyond is not ours. */
const FIELD_MAX = 320;

function keyOf(productId: string): string {
  return `${STORAGE_KEYS.buyDraftPrefix}${productId}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The draft kept for this product, or null (nothing kept, storage refused, or garbage). */
export function loadBuyDraft(productId: string): BuyDraft | null {
  if (!productId) return null;
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(keyOf(productId)) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  const draft: BuyDraft = { quantity: '', email: '', phone: '', customerName: '' };
  for (const field of FIELDS) {
    const value = record[field];
    if (typeof value === 'string') draft[field] = value.slice(0, FIELD_MAX);
  }
  return isEmptyDraft(draft) ? null : draft;
}

function isEmptyDraft(draft: BuyDraft): boolean {
  return !draft.email && !draft.phone && !draft.customerName && !draft.quantity;
}

/** Keeps the form's current values; an empty form removes the draft. */
export function saveBuyDraft(productId: string, values: Partial<BuyNowFormValues>): void {
  if (!productId) return;
  const draft: BuyDraft = {
    quantity: values.quantity ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    customerName: values.customerName ?? '',
  };
  try {
    const store = storage();
    if (!store) return;
    if (!draft.email && !draft.phone && !draft.customerName) store.removeItem(keyOf(productId));
    else store.setItem(keyOf(productId), JSON.stringify(draft));
  } catch {
    // Full or refused storage: the draft is a convenience only.
  }
}

export function clearBuyDraft(productId: string): void {
  if (!productId) return;
  try {
    storage()?.removeItem(keyOf(productId));
  } catch {
    // Nothing to clear.
  }
}
