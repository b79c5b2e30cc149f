import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DRAG_HANDLE_CLASS, useDraggableDialog } from './use-draggable-dialog';

interface AppDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  /** When set, the dialog body is a form and the actions can hold a submit button. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  maxWidth?: DialogProps['maxWidth'];
  /** While true, Escape and the backdrop do not close the dialog (a request is running). */
  busy?: boolean;
  testId?: string;
}

/** The app's dialog: centered, draggable by its title, closes on Escape. */
export function AppDialog({ open, title, onClose, children, actions, onSubmit, maxWidth = 'xs', busy, testId }: AppDialogProps) {
  const titleId = useId();
  const draggable = useDraggableDialog(open);
  const body = (
    <>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>{actions}</DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ paper: draggable }}
      data-testid={testId}
    >
      <DialogTitle id={titleId} className={DRAG_HANDLE_CLASS} sx={{ cursor: 'move', userSelect: 'none' }}>
        {title}
      </DialogTitle>
      {onSubmit ? (
        // A flex column, so the content scrolls between a fixed title and fixed actions.
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}
