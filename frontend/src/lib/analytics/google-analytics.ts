/**
 * Google Analytics (gtag.js), loaded only when the shop configures a measurement id.
 * Page views carry the path only: never the query string (order codes, search words)
 * nor the fragment (the order access token).
 */

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GTAG_SCRIPT_ID = 'google-analytics-gtag';
const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';

/** What the system service accepts: 1..50 of `A-Z a-z 0-9 - _` (e.g. `G-XXXXXXX`). */
const MEASUREMENT_ID = /^[A-Za-z0-9_-]{1,50}$/;

const configured = new Set<string>();

export function isMeasurementId(value: string | null | undefined): value is string {
  return typeof value === 'string' && MEASUREMENT_ID.test(value);
}

function gtag(...args: unknown[]): void {
  window.gtag?.(...args);
}

/** The page view's parameters: path only; `page_location` is rebuilt without query or fragment. */
export function pageViewParams(pathname: string): {
  page_path: string;
  page_location: string;
  page_title: string;
} {
  const path = pathname.split(/[?#]/, 1)[0] || '/';
  return {
    page_path: path,
    page_location: `${window.location.origin}${path}`,
    page_title: document.title,
  };
}

/**
 * Injects gtag.js once (whatever the number of calls) and configures `measurementId`
 * with automatic page views off: the app sends its own on route changes.
 */
export function loadGoogleAnalytics(measurementId: string): void {
  if (!isMeasurementId(measurementId)) return;
  window.dataLayer = window.dataLayer ?? [];
  if (!window.gtag) {
    window.gtag = function gtagShim() {
      // gtag.js reads the Arguments object itself, as Google's snippet pushes it.
      // eslint-disable-next-line prefer-rest-params -- an array would not be read as a gtag call
      window.dataLayer!.push(arguments);
    };
  }

  if (!document.getElementById(GTAG_SCRIPT_ID)) {
    configured.clear();
    const script = document.createElement('script');
    script.id = GTAG_SCRIPT_ID;
    script.async = true;
    script.src = `${GTAG_SRC}?id=${encodeURIComponent(measurementId)}`;
    document.head.appendChild(script);
    gtag('js', new Date());
  }

  if (!configured.has(measurementId)) {
    configured.add(measurementId);
    const { page_location } = pageViewParams(window.location.pathname);
    gtag('config', measurementId, { send_page_view: false, page_location });
  }
}

export function trackPageView(measurementId: string, pathname: string): void {
  if (!isMeasurementId(measurementId)) return;
  const params = pageViewParams(pathname);
  // Later automatic events (scroll, clicks) see the same clean location.
  gtag('set', { page_location: params.page_location, page_path: params.page_path });
  gtag('event', 'page_view', { ...params, send_to: measurementId });
}
