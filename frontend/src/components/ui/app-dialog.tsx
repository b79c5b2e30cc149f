import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { strings } from '@/i18n/vi-shop';
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
  /**
   * A full-screen sheet (a phone): not draggable, a close button in the title, and the
   * actions stay at the bottom of the screen while the content scrolls.
   */
  fullScreen?: boolean;
  /** The sheet's close button is disabled (a save is running); `busy` by default. */
  closeDisabled?: boolean;
}

/** The app's dialog: centered, draggable by its title, closes on Escape; or a full-screen sheet. */
export function AppDialog({
  open,
  title,
  onClose,
  children,
  actions,
  onSubmit,
  maxWidth = 'xs',
  busy,
  testId,
  fullScreen = false,
  closeDisabled = busy,
}: AppDialogProps) {
  const titleId = useId();
  const draggable = useDraggableDialog(open && !fullScreen);
  const body = (
    <>
      <DialogContent dividers sx={{ flexGrow: fullScreen ? 1 : undefined }}>
        {children}
      </DialogContent>
      <DialogActions
        sx={{
          px: fullScreen ? 2 : 3,
          py: 1.5,
          // The thumb's zone: kept clear of the phone's home indicator.
          pb: fullScreen ? 'max(12px, env(safe-area-inset-bottom))' : undefined,
          bgcolor: 'background.paper',
        }}
        data-testid={testId ? `${testId}-actions` : undefined}
      >
        {actions}
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      fullWidth
      fullScreen={fullScreen}
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{
        paper: fullScreen
          ? { sx: { overflowWrap: 'anywhere' } }
          : { ...draggable, sx: { overflowWrap: 'anywhere' } },
      }}
      data-testid={testId}
      data-fullscreen={fullScreen || undefined}
    >
      {fullScreen ? (
        <DialogTitle
          id={titleId}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, py: 1 }}
        >
          <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
            {title}
          </Box>
          <IconButton
            onClick={onClose}
            disabled={closeDisabled}
            aria-label={strings.common.close}
            edge="end"
            sx={{ width: 48, height: 48 }}
          >
            <CloseIcon />
          </IconButton>
        </DialogTitle>
      ) : (
        <DialogTitle
          id={titleId}
          className={DRAG_HANDLE_CLASS}
          sx={{ cursor: 'move', userSelect: 'none' }}
        >
          {title}
        </DialogTitle>
      )}
      {onSubmit ? (
        // A flex column, so the content scrolls between a fixed title and fixed actions.
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            flexGrow: fullScreen ? 1 : undefined,
          }}
        >
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}
