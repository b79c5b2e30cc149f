import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { EMAIL_MAX, ORDER_LIMITS } from '@/config/limits';
import { orderDetailLink } from '@/config/paths';
import { vi } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api-errors';
import { formatMoney, formatNumber } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { parseWholeNumber } from '@/lib/validation';
import { useCreateOrder } from '../api/create-order';
import { usePaymentMethods } from '../api/get-payment-methods';
import type { CheckoutProduct, CreateOrderPayload } from '../api/types';
import { rememberOrder } from '../utils/order-history';
import { buyNowSchema, emptyBuyNowValues, formFieldOf, type BuyNowFormValues } from './buy-now-schema';
import { PaymentMethodField } from './payment-method-field';

interface BuyNowDialogProps {
  open: boolean;
  /** The product being bought; it stays set while the dialog fades out. */
  product: CheckoutProduct | null;
  onClose: () => void;
}

interface SubmitError {
  code: number | null;
  message: string;
  details: string[];
}

const t = vi.checkout;

function hintFor(code: number | null): string | undefined {
  switch (code) {
    case ERROR_CODES.notEnoughStock:
      return t.errors.notEnoughStock;
    case ERROR_CODES.productNotOnSale:
      return t.errors.notOnSale;
    case ERROR_CODES.tooManyUnpaidOrders:
      return t.errors.tooManyUnpaid;
    case ERROR_CODES.paymentProviderUnavailable:
      return t.errors.providerUnavailable;
    case ERROR_CODES.tooManyRequests:
      return t.errors.rateLimited;
    default:
      return undefined;
  }
}

/**
 * Buy now: quantity, contact, payment method and the order summary. Each opening gets its
 * own Idempotency-Key, so a double submit or a retry after a lost answer cannot create a
 * second order; a definite refusal from the server starts a new key for the next try.
 */
export function BuyNowDialog({ open, product, onClose }: BuyNowDialogProps) {
  const navigate = useNavigate();
  const create = useCreateOrder();
  const resetCreate = create.reset;
  const methods = usePaymentMethods(open);
  const idempotencyKey = useRef(newIdempotencyKey());
  const productRef = useRef(product);
  productRef.current = product;
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);

  const resolver = useMemo<Resolver<BuyNowFormValues, unknown, CreateOrderPayload>>(
    () => (values, context, options) =>
      zodResolver(buyNowSchema(productRef.current ?? { id: '', minPerOrder: 1, maxPerOrder: 1 }))(values, context, options),
    [],
  );
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<BuyNowFormValues, unknown, CreateOrderPayload>({
    resolver,
    defaultValues: emptyBuyNowValues(product),
  });

  useEffect(() => {
    if (!open) return;
    reset(emptyBuyNowValues(productRef.current));
    idempotencyKey.current = newIdempotencyKey();
    setSubmitError(null);
    resetCreate();
    // Only a new opening (or another product) starts over.
  }, [open, product?.id, reset, resetCreate]);

  // The first provider is chosen for the shopper once the list is there.
  const firstMethodId = methods.data?.[0]?.id;
  useEffect(() => {
    if (open && firstMethodId && !getValues('paymentProviderId')) setValue('paymentProviderId', firstMethodId);
  }, [open, firstMethodId, getValues, setValue]);

  const quantityText = useWatch({ control, name: 'quantity' });
  const quantity = parseWholeNumber(quantityText ?? '');
  const validQuantity = product !== null && quantity !== null && !Number.isNaN(quantity) && quantity >= product.minPerOrder && quantity <= product.maxPerOrder;
  const min = Math.max(1, product?.minPerOrder ?? 1);
  const max = Math.max(min, product?.maxPerOrder ?? 1);

  const step = (delta: number) => {
    const current = quantity !== null && !Number.isNaN(quantity) ? quantity : min;
    const next = Math.min(max, Math.max(min, current + delta));
    setValue('quantity', String(next), { shouldValidate: true });
  };

  const onServerError = (error: unknown) => {
    if (!isApiError(error)) {
      // No definite answer: the order may exist. The same key makes a retry safe.
      setSubmitError({ code: null, message: error instanceof Error ? error.message : vi.toast.fallbackError, details: [] });
      return;
    }
    // A definite refusal: the next try is a new request.
    idempotencyKey.current = newIdempotencyKey();
    if (error.code === ERROR_CODES.quantityOutOfRange) {
      setError('quantity', { type: 'server', message: error.message }, { shouldFocus: true });
      return;
    }
    const leftovers: string[] = [];
    let placed = false;
    for (const detail of error.details) {
      const field = error.code === ERROR_CODES.validation ? formFieldOf(detail.field) : null;
      if (field) {
        setError(field, { type: 'server', message: detail.message }, { shouldFocus: !placed });
        placed = true;
      } else if (detail.message) {
        leftovers.push(detail.message);
      }
    }
    if (placed && leftovers.length === 0) return;
    if (error.code === ERROR_CODES.paymentProviderUnavailable) void methods.refetch();
    setSubmitError({ code: error.code, message: error.message, details: leftovers });
  };

  const onSubmit = handleSubmit((payload) => {
    if (create.isPending || !product) return;
    setSubmitError(null);
    create.mutate(
      { payload, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (order) => {
          rememberOrder({
            code: order.code,
            token: order.accessToken,
            createdAt: order.createdAt,
            expiresAt: order.expiresAt ?? null,
            total: order.total,
            productName: order.items?.[0]?.productName ?? product.name,
            quantity: order.items?.reduce((sum, item) => sum + item.quantity, 0) ?? payload.items[0].quantity,
            status: order.status,
          });
          onClose();
          void navigate(orderDetailLink(order.code, order.accessToken));
        },
        onError: onServerError,
      },
    );
  });

  const noMethods = methods.isSuccess && methods.data.length === 0;
  const hint = submitError ? hintFor(submitError.code) : undefined;

  return (
    <FormDialog
      open={open}
      title={product ? t.dialogTitle(product.name) : t.buyNow}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={create.isPending}
      submitLabel={t.submit}
      saveTestId="buy-now-submit"
      saveBlockedReason={noMethods ? t.noPaymentMethods : undefined}
      maxWidth="sm"
      testId="buy-now-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {submitError && (
          <Alert severity="error" data-testid="buy-now-error" data-code={submitError.code ?? ''}>
            <AlertTitle>{t.errors.title}</AlertTitle>
            {submitError.message}
            {hint && hint !== submitError.message && <Box sx={{ mt: 0.5 }}>{hint}</Box>}
            {submitError.details.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {submitError.details.map((detail, index) => (
                  <li key={index}>{detail}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="quantity"
          label={t.quantity}
          helperText={t.quantityHelp(min, max)}
          fullWidth
          autoComplete="off"
          maxLength={4}
          slotProps={{
            htmlInput: { inputMode: 'numeric', 'data-testid': 'buy-now-quantity', style: { textAlign: 'center' } },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <IconButton size="small" aria-label={t.decrease} onClick={() => step(-1)} disabled={validQuantity && quantity <= min} edge="start">
                    <RemoveIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={t.increase} onClick={() => step(1)} disabled={validQuantity && quantity >= max} edge="end">
                    <AddIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <FormTextField
          control={control}
          name="email"
          label={t.email}
          helperText={t.emailHelp}
          type="email"
          required
          fullWidth
          autoComplete="email"
          maxLength={EMAIL_MAX}
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <FormTextField
          control={control}
          name="phone"
          label={t.phone}
          type="tel"
          fullWidth
          autoComplete="tel"
          maxLength={20}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <FormTextField control={control} name="customerName" label={t.customerName} fullWidth autoComplete="name" maxLength={ORDER_LIMITS.customerNameMax} />
        <Controller
          control={control}
          name="paymentProviderId"
          render={({ field, fieldState }) => (
            <PaymentMethodField
              methods={methods.data}
              loading={methods.isPending}
              loadFailed={methods.isError}
              onRetry={() => void methods.refetch()}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={create.isPending}
            />
          )}
        />
        <Divider />
        {product && (
          <Box data-testid="buy-now-summary" aria-label={t.summary} component="section">
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t.summary}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {product.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {t.lineSummary(validQuantity ? formatNumber(quantity) : '?', formatMoney(product.price))}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t.total}
              </Typography>
              <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700 }} data-testid="buy-now-total">
                {validQuantity ? formatMoney(product.price * quantity) : vi.common.empty}
              </Typography>
            </Stack>
          </Box>
        )}
      </Stack>
    </FormDialog>
  );
}
