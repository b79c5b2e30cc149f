import { useEffect, useEffectEvent, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { ORDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { isApiError } from '@/lib/api/errors';
import { confirm } from '@/lib/confirm';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { showError, showSuccess } from '@/lib/toast';
import { parseWholeNumber } from '@/lib/validation';
import { useConfirmPayment } from '../api/confirm-payment';
import type { AdminOrderDetail } from '../api/types';
import {
  confirmPaymentSchema,
  type ConfirmPaymentFormOutput,
  type ConfirmPaymentFormValues,
} from './order-action-schemas';
import { OrderActionDialog } from './order-action-dialog';

interface ConfirmPaymentDialogProps {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}

function defaults(order: AdminOrderDetail): ConfirmPaymentFormValues {
  const remaining = order.total - order.paidAmount;
  return { amount: String(remaining > 0 ? remaining : order.total), note: '' };
}

/**
 * Records a payment by hand (a manual provider, a transfer the bank did not report). One
 * Idempotency-Key per opening: a double click records it once.
 */
export function ConfirmPaymentDialog({ open, order, onClose }: ConfirmPaymentDialogProps) {
  const t = strings.orders.confirmPayment;
  const mutation = useConfirmPayment();
  const idempotencyKey = useRef(newIdempotencyKey());
  const { control, handleSubmit, reset, setError } = useForm<
    ConfirmPaymentFormValues,
    unknown,
    ConfirmPaymentFormOutput
  >({
    resolver: zodResolver(confirmPaymentSchema),
    defaultValues: defaults(order),
  });

  // Only a new opening fills the form: a refresh of the order keeps what was typed.
  const startOver = useEffectEvent(() => {
    reset(defaults(order));
    idempotencyKey.current = newIdempotencyKey();
  });
  useEffect(() => {
    if (open) startOver();
  }, [open]);

  const amountText = useWatch({ control, name: 'amount' });
  const amount = parseWholeNumber(amountText ?? '');

  const onSubmit = handleSubmit(async (values) => {
    if (mutation.isPending) return;
    const accepted = await confirm({
      title: t.confirmTitle,
      message: t.confirmMessage(formatMoney(values.amount), order.code),
      acceptLabel: t.submit,
      rejectLabel: strings.common.cancel,
    });
    if (!accepted) return;
    mutation.mutate(
      {
        id: order.id,
        amount: values.amount,
        note: values.note,
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: () => {
          showSuccess(t.done(order.code));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) idempotencyKey.current = newIdempotencyKey();
          if (!applyServerFieldErrors(error, setError, ['amount', 'note'])) showError(error);
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
      testId="confirm-payment"
    >
      <Alert severity="info">
        {t.summary(formatMoney(order.total), formatMoney(order.paidAmount))}
      </Alert>
      <FormTextField
        control={control}
        name="amount"
        label={t.amount}
        helperText={
          amount !== null && !Number.isNaN(amount) && amount > 0
            ? `= ${formatMoney(amount)}`
            : undefined
        }
        fullWidth
        autoFocus
        autoComplete="off"
        maxLength={20}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        control={control}
        name="note"
        label={t.note}
        fullWidth
        multiline
        minRows={2}
        maxLength={ORDER_LIMITS.reasonMax}
      />
    </OrderActionDialog>
  );
}
