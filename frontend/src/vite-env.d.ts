/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional API origin; empty means same origin (the gateway serves the SPA and the APIs). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
