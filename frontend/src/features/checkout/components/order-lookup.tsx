import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlined from '@mui/icons-material/MailOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { EMAIL_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { normalizeOrderCode, ORDER_CODE_PATTERN } from '@/lib/order-status';
import { useLookupOrder, type LookupOrderParams } from '../api/lookup-order';
import { useResendAccessLink } from '../api/resend-access-link';
import { OrderStatusBanner } from './order-status-banner';
import { PaymentInstructionCard } from './payment-instruction-card';
import { ShopContactNote } from './shop-contact-note';
import '@/lib/zod-setup';

const t = strings.customerOrder.lookup;

const lookupSchema = z.object({
  code: z
    .string()
    .transform(normalizeOrderCode)
    .pipe(
      z
        .string()
        .min(1, { message: t.codeRequired, abort: true })
        .regex(ORDER_CODE_PATTERN, t.codeInvalid),
    ),
  email: z
    .string()
    .trim()
    .min(1, { message: t.emailRequired, abort: true })
    .refine((value) => z.email().safeParse(value).success, t.emailInvalid),
});

type LookupFormValues = z.input<typeof lookupSchema>;

interface OrderLookupProps {
  initialCode?: string;
  socialUrl?: string | null;
}

/**
 * Without the order's link: find it by code and email. Shows the status and the payment
 * instruction only; the codes stay on the original link, and the same code and email ask
 * for a new link by e-mail (the answer never tells whether they matched).
 */
export function OrderLookup({ initialCode = '', socialUrl }: OrderLookupProps) {
  const [params, setParams] = useState<LookupOrderParams | null>(null);
  const lookup = useLookupOrder(params);
  const resend = useResendAccessLink();
  const { control, handleSubmit } = useForm<LookupFormValues, unknown, LookupOrderParams>({
    resolver: zodResolver(lookupSchema),
    defaultValues: { code: initialCode, email: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setParams(values);
    if (params && params.code === values.code && params.email === values.email)
      void lookup.refetch();
  });

  const onResend = handleSubmit((values) => resend.mutate(values));

  const result = lookup.data;
  return (
    <Stack spacing={2} data-testid="order-lookup">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t.formLabel}>
          <Typography variant="body2" color="text.secondary">
            {t.intro}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="code"
              label={t.code}
              placeholder="DH…"
              fullWidth
              autoComplete="off"
              maxLength={20}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />
            <FormTextField
              control={control}
              name="email"
              label={t.email}
              type="email"
              fullWidth
              autoComplete="email"
              maxLength={EMAIL_MAX}
              slotProps={{
                htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
              }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SearchIcon />}
              loading={lookup.isFetching}
            >
              {t.submit}
            </Button>
            <Button
              variant="outlined"
              startIcon={<MailOutlined />}
              onClick={(event) => void onResend(event)}
              loading={resend.isPending}
              title={t.resendLabel}
              data-testid="order-lookup-resend"
            >
              {t.resend}
            </Button>
          </Stack>
          {resend.isSuccess && (
            <Alert severity="success" data-testid="order-lookup-resend-message">
              {resend.data?.message || t.resendDone}
            </Alert>
          )}
          {resend.isError && (
            <Alert severity="error" data-testid="order-lookup-resend-error">
              {resend.error.message}
            </Alert>
          )}
        </Stack>
      </Paper>

      {lookup.isError && (
        <Alert
          severity={isApiError(lookup.error, ERROR_CODES.orderNotFound) ? 'warning' : 'error'}
          data-testid="order-lookup-error"
        >
          {isApiError(lookup.error, ERROR_CODES.orderNotFound) ? t.notFound : lookup.error.message}
        </Alert>
      )}

      {result && !lookup.isError && (
        <Stack spacing={2} data-testid="order-lookup-result" data-order-code={result.code}>
          <Typography variant="h6" component="h2">
            {strings.customerOrder.title(result.code)}
          </Typography>
          <OrderStatusBanner
            status={result.status}
            paymentStatus={result.paymentStatus}
            expiresAt={result.expiresAt}
            text={result.status === 'completed' ? t.completedBanner : undefined}
          />
          {result.status === 'pending_payment' && result.payment && (
            <PaymentInstructionCard
              orderCode={result.code}
              payment={result.payment}
              total={result.total}
              paidAmount={result.paidAmount}
            />
          )}
        </Stack>
      )}

      <Alert severity="info" icon={false} data-testid="order-lookup-codes-note">
        <ShopContactNote text={t.codesNote} socialUrl={socialUrl} />
      </Alert>
    </Stack>
  );
}
