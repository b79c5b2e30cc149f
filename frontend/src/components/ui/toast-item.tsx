import { useEffect } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Grow from '@mui/material/Grow';
import { strings } from '@/i18n/vi-shop';
import { toastStore, type Toast, type ToastSeverity } from '@/lib/toast';

const SEVERITY_COLOR: Record<ToastSeverity, AlertColor> = {
  error: 'error',
  warn: 'warning',
  success: 'success',
  info: 'info',
};

/** One toast; it removes itself after its life. */
export function ToastItem({ toast }: { toast: Toast }) {
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
        slotProps={{
          closeButton: { title: strings.toast.close, 'aria-label': strings.toast.close },
        }}
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
