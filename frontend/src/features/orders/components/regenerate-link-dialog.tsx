import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { FormCheckboxField } from '@/components/ui/form/form-checkbox-field';
import { strings } from '@/i18n/vi';
import { showError } from '@/lib/toast';
import { useRegenerateAccessLink } from '../api/regenerate-access-link';
import type { AdminOrderDetail } from '../api/types';
import { regenerateLinkSchema, type RegenerateLinkFormValues } from './order-action-schemas';
import { OrderActionDialog } from './order-action-dialog';

interface RegenerateLinkDialogProps {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
  /** The new link, and whether it is also on its way to the customer's e-mail. */
  onDone: (url: string, emailed: boolean) => void;
}

/**
 * A new customer link (every older one stops working), optionally e-mailed to the
 * order's address as well (RegenerateAccessLink `sendEmail`).
 */
export function RegenerateLinkDialog({ open, order, onClose, onDone }: RegenerateLinkDialogProps) {
  const t = strings.orders.accessLink;
  const mutation = useRegenerateAccessLink();
  const { control, handleSubmit, reset } = useForm<RegenerateLinkFormValues>({
    resolver: zodResolver(regenerateLinkSchema),
    defaultValues: { sendEmail: false },
  });

  useEffect(() => {
    if (open) reset({ sendEmail: false });
  }, [open, reset]);

  const onSubmit = handleSubmit(({ sendEmail }) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { id: order.id, sendEmail },
      {
        onSuccess: (result) => {
          onClose();
          onDone(result.url, sendEmail);
        },
        onError: (error) => showError(error),
      },
    );
  });

  return (
    <OrderActionDialog
      open={open}
      orderCode={order.code}
      texts={{ title: t.dialogTitle, submit: t.confirmTitle }}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      testId="regenerate-link"
    >
      <Alert severity="warning">{t.warning}</Alert>
      <FormCheckboxField
        control={control}
        name="sendEmail"
        label={t.sendEmail}
        helperText={order.email ? t.sendEmailTo(order.email) : undefined}
        disabled={mutation.isPending}
        testId="regenerate-link-send-email"
      />
    </OrderActionDialog>
  );
}
