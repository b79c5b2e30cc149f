import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { ORDER_LIMITS } from '@/config/limits';
import { vi } from '@/i18n/vi';
import { confirm } from '@/lib/confirm';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import type { AdminOrderDetail } from '../api/types';
import { cancelOrderSchema, type CancelOrderFormValues } from './order-action-schemas';
import { OrderActionDialog } from './order-action-dialog';

interface CancelOrderDialogProps {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}

/** Cancels an order with a reason; its reserved codes go back to stock. */
export function CancelOrderDialog({ open, order, onClose }: CancelOrderDialogProps) {
  const t = vi.orders.cancel;
  const mutation = useCancelOrder();
  const { control, handleSubmit, reset, setError } = useForm<CancelOrderFormValues>({
    resolver: zodResolver(cancelOrderSchema),
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ reason }) => {
    if (mutation.isPending) return;
    const accepted = await confirm({
      title: t.confirmTitle,
      message: t.confirmMessage(order.code),
      acceptLabel: t.submit,
      rejectLabel: vi.common.reject,
      destructive: true,
    });
    if (!accepted) return;
    mutation.mutate(
      { id: order.id, reason },
      {
        onSuccess: () => {
          showSuccess(t.done(order.code));
          onClose();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, ['reason'])) showError(error);
        },
      },
    );
  });

  return (
    <OrderActionDialog
      open={open}
      orderCode={order.code}
      texts={t}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      testId="cancel-order"
    >
      <Alert severity="warning">{order.paidAmount > 0 ? t.paidWarning : t.warning}</Alert>
      <FormTextField control={control} name="reason" label={t.reason} required fullWidth multiline minRows={2} autoFocus maxLength={ORDER_LIMITS.reasonMax} />
    </OrderActionDialog>
  );
}
