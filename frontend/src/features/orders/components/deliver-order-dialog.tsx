import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { ORDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { ApiError } from '@/lib/api/errors';
import { confirm } from '@/lib/confirm';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatMoney } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useDeliverOrder } from '../api/deliver-order';
import type { AdminOrderDetail } from '../api/types';
import {
  deliverOrderSchema,
  type DeliverOrderFormOutput,
  type DeliverOrderFormValues,
} from './order-action-schemas';
import { OrderActionDialog } from './order-action-dialog';

interface DeliverOrderDialogProps {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}

/** The server's refusal, kept in the dialog: a shortage names each line the stock cannot cover. */
interface Refusal {
  message: string;
  lines: string[];
}

/**
 * Staff's decision on a `needs_attention` order whose money covers it: hand out the codes
 * (missing ones taken from stock again) and complete it, after a confirmation.
 */
export function DeliverOrderDialog({ open, order, onClose }: DeliverOrderDialogProps) {
  const t = strings.orders.deliver;
  const mutation = useDeliverOrder();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<
    DeliverOrderFormValues,
    unknown,
    DeliverOrderFormOutput
  >({
    resolver: zodResolver(deliverOrderSchema),
    defaultValues: { note: '' },
  });

  useEffect(() => {
    if (!open) return;
    reset({ note: '' });
    setRefusal(null);
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ note }) => {
    if (mutation.isPending) return;
    const accepted = await confirm({
      title: t.confirmTitle,
      message: t.confirmMessage(order.code),
      acceptLabel: t.submit,
      rejectLabel: strings.common.cancel,
    });
    if (!accepted) return;
    setRefusal(null);
    mutation.mutate(
      { id: order.id, note },
      {
        onSuccess: () => {
          showSuccess(t.done(order.code));
          onClose();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, ['note'])) return;
          if (error instanceof ApiError) {
            console.error(error);
            setRefusal({
              message: error.message,
              lines: error.details.map((detail) => detail.message),
            });
          } else {
            showError(error);
          }
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
      testId="deliver-order"
    >
      <Alert severity="info">
        {t.summary(formatMoney(order.total), formatMoney(order.paidAmount - order.refundedAmount))}{' '}
        {t.hint}
      </Alert>
      {refusal && (
        <Alert severity="error" data-testid="deliver-order-error">
          <AlertTitle>{t.failed}</AlertTitle>
          {refusal.message}
          {refusal.lines.length > 0 && (
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {refusal.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="note"
        label={t.note}
        fullWidth
        multiline
        minRows={2}
        autoFocus
        maxLength={ORDER_LIMITS.reasonMax}
      />
    </OrderActionDialog>
  );
}
