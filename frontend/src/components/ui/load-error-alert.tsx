import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { strings } from '@/i18n/vi-shop';

interface LoadErrorAlertProps {
  /** What could not be loaded, and why. */
  children: ReactNode;
  /** Offers "Thử lại"; left out where retrying cannot help (the thing is not there). */
  onRetry?: () => void;
  severity?: 'error' | 'warning';
  sx?: AlertProps['sx'];
  testId?: string;
}

/** Something could not be loaded: the message, with a retry button. */
export function LoadErrorAlert({
  children,
  onRetry,
  severity = 'error',
  sx,
  testId,
}: LoadErrorAlertProps) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      data-testid={testId}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {strings.common.retry}
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
