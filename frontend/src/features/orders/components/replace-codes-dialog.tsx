import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { ORDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { confirm } from '@/lib/confirm';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatNumber } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { parseWholeNumber } from '@/lib/validation';
import { useReplaceCodes } from '../api/replace-codes';
import type { AdminOrderDetail } from '../api/types';
import { replaceCodesSchema, type ReplaceCodesFormValues } from './order-action-schemas';
import { OrderActionDialog } from './order-action-dialog';

interface ReplaceCodesDialogProps {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}

function defaults(order: AdminOrderDetail): ReplaceCodesFormValues {
  return { itemId: order.items[0]?.id ?? '', quantity: '1', reason: '' };
}

/** Free replacement codes for an item of a completed order (the footer's promise), with a reason. */
export function ReplaceCodesDialog({ open, order, onClose }: ReplaceCodesDialogProps) {
  const t = strings.orders.replace;
  const mutation = useReplaceCodes();
  const maxByItem = useMemo(
    () => new Map(order.items.map((item) => [item.id, item.quantity])),
    [order.items],
  );
  const schema = useMemo(() => replaceCodesSchema(maxByItem), [maxByItem]);
  // The codes the shopper reported, when staff name them; none: the earliest sold.
  const [picked, setPicked] = useState<string[]>([]);
  const { control, handleSubmit, reset, setError, setValue } = useForm<ReplaceCodesFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaults(order),
  });

  // Only a new opening fills the form.
  const fill = useEffectEvent(() => {
    reset(defaults(order));
    setPicked([]);
  });
  useEffect(() => {
    if (open) fill();
  }, [open]);

  const itemId = useWatch({ control, name: 'itemId' });
  const item = order.items.find((candidate) => candidate.id === itemId);
  const held = (item?.codes ?? []).filter((code) => code.status === 'sold' && !code.replaced);

  // Another line: its own codes.
  useEffect(() => setPicked([]), [itemId]);

  const toggle = (id: string, on: boolean) => {
    const next = on ? [...picked, id] : picked.filter((other) => other !== id);
    setPicked(next);
    if (next.length > 0) setValue('quantity', String(next.length), { shouldValidate: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (mutation.isPending) return;
    const quantity = parseWholeNumber(values.quantity) ?? 1;
    const accepted = await confirm({
      title: t.confirmTitle,
      message: t.confirmMessage(formatNumber(quantity), item?.productName ?? '', order.code),
      acceptLabel: t.submit,
      rejectLabel: strings.common.cancel,
    });
    if (!accepted) return;
    mutation.mutate(
      {
        id: order.id,
        itemId: values.itemId,
        quantity,
        reason: values.reason,
        ...(picked.length > 0 ? { codeIds: picked } : {}),
      },
      {
        onSuccess: () => {
          showSuccess(t.done(formatNumber(quantity), order.code));
          onClose();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, ['itemId', 'quantity', 'reason']))
            showError(error);
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
      testId="replace-codes"
    >
      <Alert severity="info">{t.hint}</Alert>
      <FormTextField control={control} name="itemId" label={t.item} select fullWidth>
        {order.items.map((candidate) => (
          <MenuItem key={candidate.id} value={candidate.id}>
            {t.itemOption(candidate.productName, formatNumber(candidate.quantity))}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="quantity"
        label={t.quantity}
        helperText={
          picked.length > 0
            ? t.quantityFromPicked
            : item
              ? t.quantityHelp(formatNumber(item.quantity))
              : undefined
        }
        disabled={picked.length > 0}
        fullWidth
        autoComplete="off"
        maxLength={4}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      {held.length > 0 && (
        <FormGroup data-testid="replace-codes-pick">
          <FormLabel component="legend" sx={{ typography: 'body2' }}>
            {t.pick}
          </FormLabel>
          {held.map((code) => (
            <FormControlLabel
              key={code.id}
              control={
                <Checkbox
                  size="small"
                  checked={picked.includes(code.id)}
                  onChange={(event) => toggle(code.id, event.target.checked)}
                />
              }
              label={t.pickOption(code.maskedCode, code.serial ?? null)}
              slotProps={{ typography: { sx: { fontFamily: 'monospace', fontSize: 14 } } }}
            />
          ))}
        </FormGroup>
      )}
      <FormTextField
        control={control}
        name="reason"
        label={t.reason}
        required
        fullWidth
        multiline
        minRows={2}
        maxLength={ORDER_LIMITS.reasonMax}
      />
    </OrderActionDialog>
  );
}
