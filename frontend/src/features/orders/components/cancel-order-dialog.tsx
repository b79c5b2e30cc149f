import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { AppDialog } from '@/components/ui/app-dialog';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { ORDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import type { AdminOrderDetail } from '../api/types';
import { cancelOrderSchema, type CancelOrderFormValues } from './order-action-schemas';

interface CancelOrderDialogProps {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}

/**
 * Cancels an order with a reason; its reserved codes go back to stock. One dialog, whose
 * buttons cannot be mistaken for each other: 'Quay lại' leaves, the red 'Hủy đơn' cancels.
 */
export function CancelOrderDialog({ open, order, onClose }: CancelOrderDialogProps) {
  const t = strings.orders.cancel;
  const mutation = useCancelOrder();
  const { control, handleSubmit, reset, setError } = useForm<CancelOrderFormValues>({
    resolver: zodResolver(cancelOrderSchema),
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  const onSubmit = handleSubmit(({ reason }) => {
    if (mutation.isPending) return;
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
    <AppDialog
      open={open}
      title={t.title(order.code)}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={mutation.isPending}
      testId="cancel-order-dialog"
      actions={
        <>
          <Button color="inherit" onClick={onClose} disabled={mutation.isPending}>
            {t.back}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            loading={mutation.isPending}
            data-testid="cancel-order-submit"
          >
            {t.submit}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Alert severity="warning">{order.paidAmount > 0 ? t.paidWarning : t.warning}</Alert>
        <FormTextField
          control={control}
          name="reason"
          label={t.reason}
          required
          fullWidth
          multiline
          minRows={2}
          autoFocus
          maxLength={ORDER_LIMITS.reasonMax}
        />
      </Stack>
    </AppDialog>
  );
}
