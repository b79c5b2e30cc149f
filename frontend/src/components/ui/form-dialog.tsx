import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { DialogProps } from '@mui/material/Dialog';
import type { FormEventHandler, ReactNode } from 'react';
import { strings } from '@/i18n/vi';
import { AppDialog } from './app-dialog';

interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A save is running: Save spins, Cancel is disabled and the dialog stays open. */
  pending: boolean;
  /**
   * Why Save cannot be pressed yet (an upload is running), shown as its title; while set,
   * the dialog stays open too.
   */
  saveBlockedReason?: string;
  saveTestId?: string;
  /** The submit button's text; 'Lưu' by default. */
  submitLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  testId?: string;
  /** A full-screen sheet (phones); Cancel gives way to the close button in the title. */
  fullScreen?: boolean;
  /** Shown at the start of the actions, before the buttons (a total beside 'Đặt hàng'). */
  footerStart?: ReactNode;
  children: ReactNode;
}

/** A form in an AppDialog, with Cancel and Save. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  pending,
  saveBlockedReason,
  saveTestId,
  submitLabel = strings.common.save,
  maxWidth,
  testId,
  fullScreen = false,
  footerStart,
  children,
}: FormDialogProps) {
  const blocked = saveBlockedReason !== undefined;
  return (
    <AppDialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={pending || blocked}
      maxWidth={maxWidth}
      testId={testId}
      fullScreen={fullScreen}
      closeDisabled={pending}
      actions={
        <>
          {footerStart !== undefined && <Box sx={{ flexGrow: 1, minWidth: 0 }}>{footerStart}</Box>}
          {!fullScreen && (
            <Button color="inherit" onClick={onClose} disabled={pending}>
              {strings.common.cancel}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            loading={pending}
            disabled={blocked}
            title={saveBlockedReason}
            data-testid={saveTestId}
            size={fullScreen ? 'large' : 'medium'}
            sx={fullScreen ? { minHeight: 48, flexShrink: 0, px: 3 } : undefined}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
