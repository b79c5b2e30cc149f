import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { EMAIL_MAX, ORDER_LIMITS } from '@/config/limits';
import { orderDetailLink } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { formatMoney, formatNumber } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { useBackCloses } from '@/lib/hooks/use-back-closes';
import { parseWholeNumber } from '@/lib/validation';
import { useCreateOrder } from '../api/create-order';
import { usePaymentMethods } from '../api/get-payment-methods';
import type { CheckoutProduct, CreateOrderPayload } from '../api/types';
import { clearBuyDraft, loadBuyDraft, saveBuyDraft } from '../utils/buy-draft';
import { suggestEmail } from '../utils/email-typo';
import { rememberOrder } from '../utils/order-history';
import {
  buyNowSchema,
  emptyBuyNowValues,
  formFieldOf,
  type BuyNowFormValues,
} from './buy-now-schema';
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

const t = strings.checkout;

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

/** A new opening starts from what was typed last time for this product, if anything. */
function initialValues(product: CheckoutProduct | null): BuyNowFormValues {
  const empty = emptyBuyNowValues(product);
  const draft = product ? loadBuyDraft(product.id) : null;
  return draft ? { ...empty, ...draft, quantity: draft.quantity || empty.quantity } : empty;
}

/**
 * Buy now: quantity, contact, payment method and the order summary. Each opening gets its
 * own Idempotency-Key, so a double submit or a retry after a lost answer cannot create a
 * second order; a definite refusal from the server starts a new key for the next try.
 * On a phone it is a full-screen sheet with the total beside 'Đặt hàng' at the bottom;
 * the phone's Back closes it, and what was typed is kept for the next opening until an
 * order is placed.
 */
export function BuyNowDialog({ open, product, onClose: onCloseProp }: BuyNowDialogProps) {
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { close: onClose, release } = useBackCloses(open, onCloseProp);
  const create = useCreateOrder();
  const resetCreate = create.reset;
  const methods = usePaymentMethods(open);
  const idempotencyKey = useRef(newIdempotencyKey());
  const productRef = useRef(product);
  productRef.current = product;
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);

  const resolver = useMemo<Resolver<BuyNowFormValues, unknown, CreateOrderPayload>>(
    () => (values, context, options) =>
      zodResolver(buyNowSchema(productRef.current ?? { id: '', minPerOrder: 1, maxPerOrder: 1 }))(
        values,
        context,
        options,
      ),
    [],
  );
  const { control, handleSubmit, reset, setError, setValue, getValues, watch } = useForm<
    BuyNowFormValues,
    unknown,
    CreateOrderPayload
  >({
    resolver,
    defaultValues: initialValues(product),
  });

  useEffect(() => {
    if (!open) return;
    reset(initialValues(productRef.current));
    idempotencyKey.current = newIdempotencyKey();
    setSubmitError(null);
    resetCreate();
    // Only a new opening (or another product) starts over.
  }, [open, product?.id, reset, resetCreate]);

  // What the shopper types is kept (a reset, which names no field, is not their typing).
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      const current = productRef.current;
      if (name && current) saveBuyDraft(current.id, values);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  // The first provider is chosen for the shopper once the list is there.
  const firstMethodId = methods.data?.[0]?.id;
  useEffect(() => {
    if (open && firstMethodId && !getValues('paymentProviderId'))
      setValue('paymentProviderId', firstMethodId);
  }, [open, firstMethodId, getValues, setValue]);

  const quantityText = useWatch({ control, name: 'quantity' });
  const emailText = useWatch({ control, name: 'email' });
  const emailSuggestion = useMemo(() => suggestEmail(emailText ?? ''), [emailText]);
  const quantity = parseWholeNumber(quantityText ?? '');
  const validQuantity =
    product !== null &&
    quantity !== null &&
    !Number.isNaN(quantity) &&
    quantity >= product.minPerOrder &&
    quantity <= product.maxPerOrder;
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
      setSubmitError({
        code: null,
        message: error instanceof Error ? error.message : strings.toast.fallbackError,
        details: [],
      });
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
            quantity:
              order.items?.reduce((sum, item) => sum + item.quantity, 0) ??
              payload.items[0].quantity,
            status: order.status,
          });
          clearBuyDraft(product.id);
          // The order page takes the sheet's history entry: Back from it returns to the shop.
          release();
          onClose();
          void navigate(orderDetailLink(order.code, order.accessToken), { replace: true });
        },
        onError: onServerError,
      },
    );
  });

  const noMethods = methods.isSuccess && methods.data.length === 0;
  const hint = submitError ? hintFor(submitError.code) : undefined;
  const totalText =
    product && validQuantity ? formatMoney(product.price * quantity) : strings.common.empty;

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
      fullScreen={phone}
      footerStart={
        phone && product ? (
          <Box aria-live="polite">
            <Typography variant="caption" color="text.secondary" component="div">
              {t.total}
            </Typography>
            <Typography
              variant="subtitle1"
              component="div"
              color="primary"
              sx={{ fontWeight: 700, lineHeight: 1.2 }}
              data-testid="buy-now-footer-total"
            >
              {totalText}
            </Typography>
          </Box>
        ) : undefined
      }
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
            htmlInput: {
              inputMode: 'numeric',
              'data-testid': 'buy-now-quantity',
              style: { textAlign: 'center' },
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <IconButton
                    size="small"
                    aria-label={t.decrease}
                    onClick={() => step(-1)}
                    disabled={validQuantity && quantity <= min}
                    edge="start"
                  >
                    <RemoveIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={t.increase}
                    onClick={() => step(1)}
                    disabled={validQuantity && quantity >= max}
                    edge="end"
                  >
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
          slotProps={{
            htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
          }}
        />
        {emailSuggestion && (
          <Typography
            variant="body2"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="buy-now-email-suggestion"
            role="status"
          >
            {t.emailSuggestion.before}
            <Link
              component="button"
              type="button"
              onClick={() =>
                setValue('email', emailSuggestion, { shouldValidate: true, shouldDirty: true })
              }
              sx={{
                verticalAlign: 'baseline',
                fontWeight: 600,
                textAlign: 'left',
                overflowWrap: 'anywhere',
              }}
            >
              {emailSuggestion}
            </Link>
            {t.emailSuggestion.after}
          </Typography>
        )}
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
        <FormTextField
          control={control}
          name="customerName"
          label={t.customerName}
          fullWidth
          autoComplete="name"
          maxLength={ORDER_LIMITS.customerNameMax}
        />
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
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {product.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {t.lineSummary(
                  validQuantity ? formatNumber(quantity) : '?',
                  formatMoney(product.price),
                )}
              </Typography>
            </Stack>
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 1 }}
            >
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t.total}
              </Typography>
              <Typography
                variant="h6"
                component="p"
                color="primary"
                sx={{ fontWeight: 700 }}
                data-testid="buy-now-total"
              >
                {totalText}
              </Typography>
            </Stack>
          </Box>
        )}
      </Stack>
    </FormDialog>
  );
}
