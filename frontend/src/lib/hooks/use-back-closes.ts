import { useCallback, useEffect, useRef } from 'react';

/** Marks the history entry an open sheet pushed. */
const SHEET_MARK = '__sheetOpen';

function sheetEntryOnTop(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[SHEET_MARK] === true
  );
}

/**
 * The phone's Back closes an open sheet instead of leaving the page: opening pushes a
 * history entry (same address, the router's state kept), Back pops it and `onClose` runs.
 * Closing the sheet any other way takes that entry off again, so Back afterwards leaves
 * the page as usual. `release()` hands the entry over to a navigation that replaces it
 * (after an order is placed, the order page takes its place).
 */
export function useBackCloses(
  open: boolean,
  onClose: () => void,
): { close: () => void; release: () => void } {
  const pushed = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    if (!sheetEntryOnTop()) {
      const state: unknown = window.history.state;
      window.history.pushState(
        { ...(typeof state === 'object' && state !== null ? state : {}), [SHEET_MARK]: true },
        '',
      );
    }
    pushed.current = true;
    const onPop = () => {
      if (!pushed.current || sheetEntryOnTop()) return;
      pushed.current = false;
      onCloseRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open]);

  const close = useCallback(() => {
    const mine = pushed.current;
    pushed.current = false;
    onCloseRef.current();
    if (mine && sheetEntryOnTop()) window.history.back();
  }, []);

  const release = useCallback(() => {
    pushed.current = false;
  }, []);

  return { close, release };
}
