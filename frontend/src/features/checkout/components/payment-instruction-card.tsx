import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { strings } from '@/i18n/vi';
import { formatMoney } from '@/lib/format';
import type { PaymentInstruction } from '../api/types';
import { vietQrWithAmount } from '../utils/vietqr';
import { BankAppLinks } from './bank-app-links';
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
 * button) and the VietQR image drawn from `qrPayload`. After a partial payment everything
 * asks for the remainder: the amount and its copy button, the bank-app links, and the QR
 * (the server's string holds the full amount; `vietQrWithAmount` rewrites its tag 54).
 *
 * On a phone the shopper pays on the same device: the amount, the memo and the account
 * come first with large copy buttons, then 'Mở ứng dụng ngân hàng' (deep links into the
 * banking apps), and the QR last, for paying from a second device. On a wider screen the
 * QR leads, beside the details.
 */
export function PaymentInstructionCard({
  orderCode,
  payment,
  total,
  paidAmount,
}: PaymentInstructionCardProps) {
  const t = strings.customerOrder.payment;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const paid = paidAmount ?? 0;
  const remaining = total != null && paid > 0 ? Math.max(0, total - paid) : null;
  const amount = remaining ?? payment.amountDue;
  const qr = !payment.qrPayload
    ? null
    : remaining === null
      ? payment.qrPayload
      : vietQrWithAmount(payment.qrPayload, remaining);

  const amountField = (
    <CopyField
      label={remaining === null ? t.amount : t.amountRemaining}
      value={formatMoney(amount)}
      copyValue={String(amount)}
      emphasis
      large={phone}
      testId="payment-amount"
    />
  );
  const memoField = (
    <CopyField
      label={t.memo}
      value={payment.transferContent}
      monospace
      emphasis
      large={phone}
      testId="payment-memo"
    />
  );
  const accountField = payment.accountNumber && (
    <CopyField
      label={t.accountNumber}
      value={payment.accountNumber}
      monospace
      large={phone}
      testId="payment-account-number"
    />
  );
  const bankField = payment.bankName && (
    <CopyField label={t.bank} value={payment.bankName} large={phone} testId="payment-bank" />
  );
  const nameField = payment.accountName && (
    <CopyField
      label={t.accountName}
      value={payment.accountName}
      large={phone}
      testId="payment-account-name"
    />
  );
  const memoHint = (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.memoHint}
      </Typography>
      <Box
        component="ul"
        sx={{ typography: 'body2', color: 'text.secondary', mt: 1, mb: 0, pl: 2.5 }}
        data-testid="payment-amount-rules"
      >
        <li>{t.shortRule}</li>
        <li>{t.surplusRule}</li>
      </Box>
    </>
  );
  const providerNotes = (
    <>
      {payment.instructions && (
        <Typography
          variant="body2"
          sx={{ mt: 1.5, whiteSpace: 'pre-line' }}
          data-testid="payment-provider-instructions"
        >
          {payment.instructions}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t.provider}: {payment.providerName}
      </Typography>
    </>
  );
  const qrImage = qr && (
    <PaymentQr payload={qr} alt={t.qrAlt(orderCode)} fileName={`VietQR-${orderCode}`} />
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="payment-title"
      sx={{ p: { xs: 2, sm: 3 }, overflowWrap: 'anywhere' }}
      data-testid="payment-instruction"
      data-layout={phone ? 'phone' : 'wide'}
    >
      <Typography id="payment-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      {remaining !== null && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="payment-partial">
          <strong>{t.partiallyPaid(formatMoney(paid), formatMoney(remaining))}</strong>{' '}
          {t.partiallyPaidHint(formatMoney(remaining))}
        </Alert>
      )}
      {phone ? (
        <Stack spacing={2.5}>
          <Box>
            {amountField}
            {memoField}
            {accountField}
            {bankField}
            {nameField}
            {memoHint}
          </Box>
          <BankAppLinks payment={payment} amount={amount} />
          {providerNotes}
          {qrImage && (
            <>
              <Divider />
              <Box
                component="section"
                aria-labelledby="qr-other-device"
                sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
              >
                <Typography
                  id="qr-other-device"
                  variant="subtitle1"
                  component="h3"
                  sx={{ fontWeight: 700, alignSelf: 'stretch' }}
                >
                  {t.qrOtherDevice}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
                  {t.qrOtherDeviceHint}
                </Typography>
                {qrImage}
              </Box>
            </>
          )}
        </Stack>
      ) : (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ alignItems: { md: 'flex-start' } }}
        >
          {qrImage && (
            <Box
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1,
                flexShrink: 0,
              }}
            >
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                {t.qrTitle}
              </Typography>
              {qrImage}
            </Box>
          )}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {amountField}
            {bankField}
            {accountField}
            {nameField}
            {memoField}
            {memoHint}
            {providerNotes}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
