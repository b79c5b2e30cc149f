import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { confirm } from '@/lib/confirm';
import { formatDateTime, formatMoney } from '@/lib/format';
import { normalizeOrderCode, ORDER_CODE_PATTERN } from '@/lib/order-status';
import { showError, showSuccess, showToast } from '@/lib/toast';
import { useAssignTransaction } from '../api/assign-transaction';
import { useAssignCandidates } from '../api/get-assign-candidates';
import { maskEmail, type CandidateOrder } from '../utils/assign-candidates';
import type { PaymentTransaction } from '../api/types';
import '@/lib/zod-setup';

const t = strings.transactions.assignDialog;

const assignSchema = z.object({
  orderCode: z
    .string()
    .transform(normalizeOrderCode)
    .pipe(
      z
        .string()
        .min(1, { message: t.orderCodeRequired, abort: true })
        .regex(ORDER_CODE_PATTERN, t.orderCodeInvalid),
    ),
});
type AssignFormValues = z.input<typeof assignSchema>;

interface AssignTransactionDialogProps {
  open: boolean;
  transaction: PaymentTransaction | null;
  onClose: () => void;
}

/** Applies an unmatched transfer to the order whose code staff type in, after a confirmation. */
export function AssignTransactionDialog({
  open,
  transaction,
  onClose,
}: AssignTransactionDialogProps) {
  const mutation = useAssignTransaction();
  const { candidates, isLoading } = useAssignCandidates(open ? transaction : null);
  const { control, handleSubmit, reset, setError, setValue } = useForm<
    AssignFormValues,
    unknown,
    { orderCode: string }
  >({
    resolver: zodResolver(assignSchema),
    defaultValues: { orderCode: '' },
  });

  useEffect(() => {
    if (open) reset({ orderCode: '' });
  }, [open, reset]);

  const typed = normalizeOrderCode(useWatch({ control, name: 'orderCode' }) ?? '');
  const chosen: CandidateOrder | undefined = candidates.find(
    (candidate) => candidate.order.code === typed,
  )?.order;

  const onSubmit = handleSubmit(async ({ orderCode }) => {
    if (!transaction || mutation.isPending) return;
    const amount = formatMoney(transaction.amount);
    const accepted = await confirm({
      title: t.confirmTitle,
      message: t.confirmMessage(amount, orderCode),
      acceptLabel: t.submit,
      rejectLabel: strings.common.cancel,
    });
    if (!accepted) return;
    mutation.mutate(
      { id: transaction.id, orderCode },
      {
        onSuccess: () => {
          showSuccess(t.done(amount, orderCode));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, ERROR_CODES.orderNotFound)) {
            setError(
              'orderCode',
              { type: 'server', message: t.orderNotFound(orderCode) },
              { shouldFocus: true },
            );
          } else if (isApiError(error, ERROR_CODES.upstreamUnavailable)) {
            showToast({ severity: 'warn', message: t.queued(orderCode) });
            onClose();
          } else if (isApiError(error, ERROR_CODES.orderStateConflict)) {
            showError(t.notUnmatched);
            onClose();
          } else {
            showError(error);
          }
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      title={t.title}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      submitLabel={t.submit}
      saveTestId="assign-transaction-submit"
      testId="assign-transaction-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {transaction && (
          <Alert severity="info" icon={false}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {formatMoney(transaction.amount)} · {formatDateTime(transaction.transactionDate)}
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {transaction.content}
            </Typography>
          </Alert>
        )}
        <Stack spacing={1} data-testid="assign-candidates">
          <Typography variant="subtitle2">{t.suggestions}</Typography>
          {isLoading ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={16} />
              <Typography variant="body2" color="text.secondary">
                {t.suggestionsLoading}
              </Typography>
            </Stack>
          ) : candidates.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t.noSuggestions}
            </Typography>
          ) : (
            <List
              dense
              disablePadding
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                maxHeight: 220,
                overflowY: 'auto',
              }}
            >
              {candidates.map(({ order, reason }) => (
                <ListItemButton
                  key={order.id}
                  selected={order.code === typed}
                  onClick={() => setValue('orderCode', order.code, { shouldValidate: true })}
                  data-testid="assign-candidate"
                  data-code={order.code}
                >
                  <ListItemText
                    primary={order.code}
                    secondary={t.preview(
                      formatMoney(order.total),
                      strings.orderStatus[order.status],
                      maskEmail(order.email),
                    )}
                    slotProps={{ primary: { sx: { fontFamily: 'monospace', fontWeight: 600 } } }}
                  />
                  <Chip
                    size="small"
                    variant="outlined"
                    color={reason === 'amount' ? 'success' : 'warning'}
                    label={t.reason[reason]}
                    sx={{ ml: 1 }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Stack>
        <FormTextField
          control={control}
          name="orderCode"
          label={t.orderCode}
          placeholder="DH…"
          helperText={t.orderCodeHelp}
          fullWidth
          autoFocus
          autoComplete="off"
          maxLength={20}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        />
        {chosen && (
          <Alert severity="success" icon={false} data-testid="assign-preview">
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t.chosen}: {chosen.code}
            </Typography>
            <Typography variant="body2">
              {t.previewTotal}: {formatMoney(chosen.total)}
            </Typography>
            <Typography variant="body2">
              {t.previewStatus}: {strings.orderStatus[chosen.status]}
            </Typography>
            <Typography variant="body2">
              {t.previewEmail}: {maskEmail(chosen.email)}
            </Typography>
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
