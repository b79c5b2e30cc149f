/**
 * A tiny observable value remembered in localStorage, for UI preferences.
 * Storage failures (private mode, quota) are ignored: the preference just isn't kept.
 */
export interface PersistentStore<T> {
  // Function-valued properties, not methods: React calls `get` and `subscribe` detached.
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createPersistentStore<T>(
  key: string,
  fallback: T,
  parse: (raw: unknown) => T | null,
): PersistentStore<T> {
  const listeners = new Set<() => void>();

  function load(): T {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) return fallback;
      return parse(JSON.parse(raw)) ?? fallback;
    } catch {
      return fallback;
    }
  }

  let value = load();

  return {
    get: () => value,
    set(next) {
      value = next;
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // not remembered, still applied
      }
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
