import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import { toastStore } from '@/lib/toast';

// The toasts themselves (MUI's Alert and its transition) load with the first toast: most
// storefront visits show none, and their code stays out of the first load.
const ToastItem = lazy(async () => ({ default: (await import('./toast-item')).ToastItem }));

/** Top-right stack of toasts; attaching it initialises the toast service. */
export function ToastContainer() {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getSnapshot,
  );
  useEffect(() => toastStore.attach(), []);

  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 16,
        right: 16,
        left: { xs: 16, sm: 'auto' },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        width: { sm: 360 },
        // Never wider than the screen. It stays rendered while empty: a live region
        // must exist before the text it announces.
        maxWidth: 'calc(100vw - 32px)',
        pointerEvents: 'none',
      }}
    >
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </Suspense>
      )}
    </Box>
  );
}
