import { useEffect, useSyncExternalStore } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grow from '@mui/material/Grow';
import { vi } from '@/i18n/vi-shop';
import { toastStore, type Toast, type ToastSeverity } from '@/lib/toast';

const SEVERITY_COLOR: Record<ToastSeverity, AlertColor> = {
  error: 'error',
  warn: 'warning',
  success: 'success',
  info: 'info',
};

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = window.setTimeout(() => toastStore.remove(toast.id), toast.life);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.life]);

  return (
    <Grow in appear>
      <Alert
        severity={SEVERITY_COLOR[toast.severity]}
        variant="filled"
        onClose={() => toastStore.remove(toast.id)}
        slotProps={{ closeButton: { title: vi.toast.close, 'aria-label': vi.toast.close } }}
        sx={{ boxShadow: 3, pointerEvents: 'auto', wordBreak: 'break-word' }}
        data-testid="toast"
        data-severity={toast.severity}
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.message}
      </Alert>
    </Grow>
  );
}

/** Top-right stack of toasts; attaching it initialises the toast service. */
export function ToastContainer() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
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
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Box>
  );
}
