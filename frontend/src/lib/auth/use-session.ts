import { useSyncExternalStore } from 'react';
import { readStoredToken, subscribeToToken } from './token-storage';
import type { StoredSession } from './types';

/** The stored session, re-rendering when it changes (login, logout, 401, other tabs). */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeToToken, readStoredToken, () => null);
}
