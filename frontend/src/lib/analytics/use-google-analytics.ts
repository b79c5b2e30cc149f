import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { isMeasurementId, loadGoogleAnalytics, trackPageView } from './google-analytics';

/**
 * Loads Google Analytics when `measurementId` is set (nothing at all when it is empty)
 * and sends one page view per path the visitor reaches. Query and fragment changes on
 * the same path are not page views, and they are never sent.
 */
export function useGoogleAnalytics(measurementId: string | null | undefined): void {
  const { pathname } = useLocation();
  const id = measurementId?.trim() ?? '';
  const enabled = isMeasurementId(id);
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (enabled) loadGoogleAnalytics(id);
  }, [enabled, id]);

  useEffect(() => {
    if (!enabled) return;
    const key = `${id} ${pathname}`;
    // React's development double effects must not count a page twice.
    if (lastTracked.current === key) return;
    lastTracked.current = key;
    trackPageView(id, pathname);
  }, [enabled, id, pathname]);
}
