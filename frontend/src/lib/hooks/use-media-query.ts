import { useCallback, useSyncExternalStore } from 'react';

/** A CSS media query as state (plain matchMedia, so the spec's exact query is used). */
export function useMediaQuery(query: string, serverFallback = true): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverFallback,
  );
}
