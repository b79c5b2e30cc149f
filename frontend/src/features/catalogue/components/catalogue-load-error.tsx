import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { vi } from '@/i18n/vi-shop';

/** The catalogue could not be read: the message and a retry. */
export function CatalogueLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {vi.common.retry}
        </Button>
      }
    >
      {vi.storefront.loadError}
    </Alert>
  );
}
