import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';

interface OrderActionDialogProps {
  open: boolean;
  /** The order's code goes into the title. */
  orderCode: string;
  /** The action's messages: its title and its submit button. */
  texts: { title: (code: string) => string; submit: string };
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** Prefix of the test ids: `<testId>-dialog`, and `<testId>-submit` on its submit button. */
  testId: string;
  /** The form's fields, stacked. */
  children: ReactNode;
}

/** The form dialog of an action on one order (cancel, confirm a payment, replace codes). */
export function OrderActionDialog({
  open,
  orderCode,
  texts,
  onClose,
  onSubmit,
  pending,
  testId,
  children,
}: OrderActionDialogProps) {
  return (
    <FormDialog
      open={open}
      title={texts.title(orderCode)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      submitLabel={texts.submit}
      saveTestId={`${testId}-submit`}
      testId={`${testId}-dialog`}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {children}
      </Stack>
    </FormDialog>
  );
}
