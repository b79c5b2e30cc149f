import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { vi } from '@/i18n/vi';
import { formatMoney } from '@/lib/format';
import type { PaymentInstruction } from '../api/types';
import { CopyField } from './copy-field';
import { PaymentQr } from './payment-qr';

interface PaymentInstructionCardProps {
  orderCode: string;
  payment: PaymentInstruction;
  total?: number | null;
  paidAmount?: number | null;
}

/**
 * How to pay: amount, bank, account number and name, transfer memo (each with a copy
 * button) and the VietQR image drawn from `qrPayload`. After a partial payment the
 * remainder is asked for, and the QR (which holds the full amount) is left out.
 */
export function PaymentInstructionCard({ orderCode, payment, total, paidAmount }: PaymentInstructionCardProps) {
  const t = vi.customerOrder.payment;
  const paid = paidAmount ?? 0;
  const remaining = total != null && paid > 0 ? Math.max(0, total - paid) : null;
  const amount = remaining ?? payment.amountDue;
  const qr = payment.qrPayload && remaining === null ? payment.qrPayload : null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="payment-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="payment-instruction">
      <Typography id="payment-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      {remaining !== null && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="payment-partial">
          {t.partiallyPaid(formatMoney(paid), formatMoney(remaining))}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
        {qr && (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, flexShrink: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t.qrTitle}
            </Typography>
            <PaymentQr payload={qr} alt={t.qrAlt(orderCode)} fileName={`VietQR-${orderCode}`} />
          </Box>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <CopyField label={t.amount} value={formatMoney(amount)} copyValue={String(amount)} emphasis testId="payment-amount" />
          {payment.bankName && <CopyField label={t.bank} value={payment.bankName} testId="payment-bank" />}
          {payment.accountNumber && <CopyField label={t.accountNumber} value={payment.accountNumber} monospace testId="payment-account-number" />}
          {payment.accountName && <CopyField label={t.accountName} value={payment.accountName} testId="payment-account-name" />}
          <CopyField label={t.memo} value={payment.transferContent} monospace emphasis testId="payment-memo" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t.memoHint}
          </Typography>
          {payment.instructions && (
            <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-line' }} data-testid="payment-provider-instructions">
              {payment.instructions}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t.provider}: {payment.providerName}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
