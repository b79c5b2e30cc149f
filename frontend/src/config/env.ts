/**
 * Runtime configuration read from Vite's env. The gateway serves the SPA and every API
 * on one origin, so the API base is empty (same origin) unless a build overrides it.
 */
export const env = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
} as const;
