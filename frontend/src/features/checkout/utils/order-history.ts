import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';

/** An order made on this device, as 'Đơn hàng của bạn' lists it. */
export interface RememberedOrder {
  code: string;
  /** The secret access token: the link to the codes. */
  token: string;
  createdAt: string;
  expiresAt: string | null;
  total: number;
  productName: string;
  quantity: number;
  /** The last status this device saw. */
  status: string | null;
}

/** The newest orders kept; older ones drop off. */
export const ORDER_HISTORY_LIMIT = 20;

const EMPTY: readonly RememberedOrder[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: readonly RememberedOrder[] = EMPTY;

function isRemembered(value: unknown): value is RememberedOrder {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.code === 'string' &&
    entry.code !== '' &&
    typeof entry.token === 'string' &&
    entry.token !== ''
  );
}

function normalise(entry: RememberedOrder): RememberedOrder {
  return {
    code: entry.code,
    token: entry.token,
    createdAt: typeof entry.createdAt === 'string' ? entry.createdAt : '',
    expiresAt: typeof entry.expiresAt === 'string' ? entry.expiresAt : null,
    total: typeof entry.total === 'number' ? entry.total : 0,
    productName: typeof entry.productName === 'string' ? entry.productName : '',
    quantity: typeof entry.quantity === 'number' ? entry.quantity : 0,
    status: typeof entry.status === 'string' ? entry.status : null,
  };
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.orderHistory);
  } catch {
    return null;
  }
}

/** The remembered orders, newest first; a damaged entry is skipped, never thrown. */
export function readOrderHistory(): readonly RememberedOrder[] {
  const raw = readRaw();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    cached = Array.isArray(parsed) ? parsed.filter(isRemembered).map(normalise) : EMPTY;
  } catch {
    cached = EMPTY;
  }
  return cached;
}

function write(entries: readonly RememberedOrder[]): void {
  try {
    window.localStorage.setItem(
      STORAGE_KEYS.orderHistory,
      JSON.stringify(entries.slice(0, ORDER_HISTORY_LIMIT)),
    );
  } catch {
    // Private mode or a full storage: the list is simply not kept.
  }
  listeners.forEach((listener) => listener());
}

/** Remembers an order (a repeated code replaces the old entry, so an idempotent replay adds nothing). */
export function rememberOrder(entry: RememberedOrder): void {
  write([entry, ...readOrderHistory().filter((item) => item.code !== entry.code)]);
}

/** Keeps the last status seen, so the list can show it without asking the server. */
export function updateRememberedStatus(code: string, status: string): void {
  const entries = readOrderHistory();
  if (!entries.some((item) => item.code === code && item.status !== status)) return;
  write(entries.map((item) => (item.code === code ? { ...item, status } : item)));
}

export function forgetOrder(code: string): void {
  write(readOrderHistory().filter((item) => item.code !== code));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.orderHistory || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useOrderHistory(): readonly RememberedOrder[] {
  return useSyncExternalStore(subscribe, readOrderHistory, () => EMPTY);
}
