import { useEffect, useEffectEvent, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { ORDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { confirm } from '@/lib/confirm';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatMoney } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { parseWholeNumber } from '@/lib/validation';
import { useRecordRefund } from '../api/record-refund';
import type { AdminOrderDetail } from '../api/types';
import {
  recordRefundSchema,
  type RecordRefundFormOutput,
  type RecordRefundFormValues,
} from './order-action-schemas';
import { refundableAmount } from './order-actions-model';
import { OrderActionDialog } from './order-action-dialog';

interface RecordRefundDialogProps {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}

/**
 * Records money the shop gave back to the customer outside the system (nothing is
 * transferred): an amount up to what the order still holds, and how it was refunded.
 */
export function RecordRefundDialog({ open, order, onClose }: RecordRefundDialogProps) {
  const t = strings.orders.refund;
  const mutation = useRecordRefund();
  const left = refundableAmount(order);
  const schema = useMemo(() => recordRefundSchema(left), [left]);
  const { control, handleSubmit, reset, setError } = useForm<
    RecordRefundFormValues,
    unknown,
    RecordRefundFormOutput
  >({
    resolver: zodResolver(schema),
    defaultValues: { amount: String(left), note: '' },
  });

  // Only a new opening fills the form: a refresh of the order keeps what was typed.
  const startOver = useEffectEvent(() => reset({ amount: String(left), note: '' }));
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
      destructive: true,
    });
    if (!accepted) return;
    mutation.mutate(
      { id: order.id, amount: values.amount, note: values.note },
      {
        onSuccess: () => {
          showSuccess(t.done(formatMoney(values.amount), order.code));
          onClose();
        },
        onError: (error) => {
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
      testId="record-refund"
    >
      <Alert severity="warning">
        {t.summary(
          formatMoney(order.paidAmount),
          formatMoney(order.refundedAmount),
          formatMoney(left),
        )}{' '}
        {t.hint}
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
        required
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
        helperText={t.noteHelp}
        required
        fullWidth
        multiline
        minRows={2}
        maxLength={ORDER_LIMITS.reasonMax}
      />
    </OrderActionDialog>
  );
}
