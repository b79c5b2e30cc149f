import { STORAGE_KEYS } from '@/config/constants';
import { isStoredSession } from './token';
import type { StoredSession } from './types';

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/** The stored Login result, or null when absent or unreadable. Cached per raw value. */
export function readStoredToken(): StoredSession | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      cachedSession = isStoredSession(parsed) ? parsed : null;
    } catch {
      cachedSession = null;
    }
  }
  return cachedSession;
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function saveToken(session: StoredSession): void {
  window.localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(session));
  notify();
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.token);
  } finally {
    notify();
  }
}

/** Subscribes to token changes made by this tab or (through `storage` events) by others. */
export function subscribeToToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
