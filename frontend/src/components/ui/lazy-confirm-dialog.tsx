import { lazy, Suspense, useSyncExternalStore } from 'react';
import { confirmStore } from '@/lib/confirm';

const ConfirmDialogContainer = lazy(async () => ({
  default: (await import('./confirm-dialog-container')).ConfirmDialogContainer,
}));

let requested = false;
const everRequested = () => {
  requested ||= confirmStore.getSnapshot() !== null;
  return requested;
};

/**
 * The confirm dialog, loaded with the first `confirm()` call: most storefront visits never
 * ask, and the dialog's code stays out of their first load. Once loaded it stays mounted,
 * so it can fade out.
 */
export function LazyConfirmDialog() {
  const needed = useSyncExternalStore(confirmStore.subscribe, everRequested, everRequested);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContainer />
    </Suspense>
  );
}
