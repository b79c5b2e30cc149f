import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api/client';

// Admin screens are lazy route chunks: their first load may take over a second while the
// whole suite runs in parallel.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; the layout reads `(min-width: 992px)` through it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: /min-width:\s*992px/.test(query) ? window.innerWidth >= 992 : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom does not scroll; React Router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  setUnauthorizedHandler(null);
});
