import { useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { strings } from '@/i18n/vi';
import { confirmStore } from '@/lib/confirm';
import { AppDialog } from './app-dialog';

/** Renders the pending `confirm()` request; Escape, backdrop and reject resolve false. */
export function ConfirmDialogContainer() {
  const request = useSyncExternalStore(
    confirmStore.subscribe,
    confirmStore.getSnapshot,
    confirmStore.getSnapshot,
  );

  return (
    <AppDialog
      open={request !== null}
      title={request?.title ?? strings.confirm.defaultTitle}
      onClose={() => confirmStore.settle(false)}
      testId="confirm-dialog"
      actions={
        <>
          <Button color="inherit" onClick={() => confirmStore.settle(false)}>
            {request?.rejectLabel ?? strings.common.reject}
          </Button>
          <Button
            variant="contained"
            color={request?.destructive ? 'error' : 'primary'}
            onClick={() => confirmStore.settle(true)}
            autoFocus
          >
            {request?.acceptLabel ?? strings.common.accept}
          </Button>
        </>
      }
    >
      <DialogContentText>{request?.message}</DialogContentText>
    </AppDialog>
  );
}
