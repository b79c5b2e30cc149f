import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormImageUploadField } from '@/components/image-upload/image-upload-field';
import { CopyButton } from '@/components/ui/copy-button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormSwitchField } from '@/components/ui/form/form-switch-field';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-text-field';
import { PAYMENT_PROVIDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { createOrUpdate } from '@/lib/api/create-or-update';
import { formatDayTime } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useCreatePaymentProvider } from '../api/create-payment-provider';
import { useBanks } from '../api/get-banks';
import {
  PAYMENT_PROVIDER_TYPES,
  WEBHOOK_AUTHS,
  type PaymentProvider,
  type PaymentProviderPayload,
} from '../api/types';
import { useUpdatePaymentProvider } from '../api/update-payment-provider';
import { BankAutocomplete } from './bank-autocomplete';
import { PublicUrlWarning, SepaySteps } from './sepay-setup';
import {
  absoluteWebhookUrl,
  normalizeAccountName,
  PAYMENT_PROVIDER_FORM_FIELDS,
  paymentProviderFormSchema,
  paymentProviderToFormValues,
  type PaymentProviderFormValues,
} from './payment-provider-schema';

const t = strings.paymentProviders.form;

interface PaymentProviderFormDialogProps {
  open: boolean;
  /** The provider being edited; null creates a new one. */
  provider: PaymentProvider | null;
  onClose: () => void;
  /** The provider as saved (with its webhook address), after a successful save. */
  onSaved?: (provider: PaymentProvider) => void;
}

/** Create and edit a payment provider in one dialog (admin only). */
export function PaymentProviderFormDialog({
  open,
  provider,
  onClose,
  onSaved,
}: PaymentProviderFormDialogProps) {
  const create = useCreatePaymentProvider();
  const update = useUpdatePaymentProvider();
  const banks = useBanks();
  const [uploading, setUploading] = useState(false);
  const editing = provider !== null;
  const pending = create.isPending || update.isPending;

  const { control, handleSubmit, reset, setError, setValue } = useForm<
    PaymentProviderFormValues,
    unknown,
    PaymentProviderPayload
  >({
    resolver: zodResolver(paymentProviderFormSchema),
    defaultValues: paymentProviderToFormValues(provider),
  });
  const type = useWatch({ control, name: 'type' });
  const removeSecret = useWatch({ control, name: 'removeWebhookSecret' });
  const secret = useWatch({ control, name: 'webhookSecret' });
  const webhookEnabled = useWatch({ control, name: 'webhookEnabled' });
  const webhookAuth = useWatch({ control, name: 'webhookAuth' });
  const removeToken = useWatch({ control, name: 'removeSepayApiToken' });
  const [turnedOn, setTurnedOn] = useState(false);
  // A secret typed into an empty field turns the webhook on (it is what the secret is
  // for); the switch flips where the owner sees it and can still turn it off. Emptying
  // the field again undoes only that automatic step.
  const secretWasEmpty = useRef(true);
  useEffect(() => {
    const empty = (secret ?? '').trim() === '';
    if (!empty && secretWasEmpty.current && !webhookEnabled) {
      setValue('webhookEnabled', true, { shouldDirty: true });
      setTurnedOn(true);
    } else if (empty && !secretWasEmpty.current && turnedOn) {
      if (webhookEnabled) setValue('webhookEnabled', false, { shouldDirty: true });
      setTurnedOn(false);
    }
    // Turning the switch off afterwards sticks: only a secret typed into an empty field flips it.
    secretWasEmpty.current = empty;
  }, [secret, webhookEnabled, turnedOn, setValue]);
  // A stored secret that this save keeps: the field may stay empty.
  const keepingStoredSecret = Boolean(provider?.hasWebhookSecret) && !removeSecret;
  // The same for the SePay API token.
  const keepingStoredToken = Boolean(provider?.hasSepayApiToken) && !removeToken;

  useEffect(() => {
    if (!open) return;
    reset(paymentProviderToFormValues(provider));
    setUploading(false);
    setTurnedOn(false);
    secretWasEmpty.current = true;
  }, [open, provider, reset]);

  const onServerError = (error: unknown) => {
    if (!applyServerFieldErrors(error, setError, PAYMENT_PROVIDER_FORM_FIELDS)) showError(error);
  };

  const onSubmit = handleSubmit((payload) => {
    if (uploading) return;
    createOrUpdate({
      id: provider?.id,
      payload,
      create,
      update,
      onSaved: (saved, created) => {
        const messages = strings.paymentProviders.messages;
        showSuccess((created ? messages.created : messages.updated)(saved.name));
        onSaved?.(saved);
        onClose();
      },
      onError: onServerError,
    });
  });

  const webhookUrl = provider ? absoluteWebhookUrl(provider.webhookUrl) : '';

  return (
    <FormDialog
      open={open}
      title={editing ? t.editTitle : t.createTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      maxWidth="md"
      testId="payment-provider-form-dialog"
      saveBlockedReason={uploading ? t.uploading : undefined}
      saveTestId="payment-provider-save"
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 7 }}>
          <FormTextField
            control={control}
            name="name"
            label={t.name}
            required
            fullWidth
            autoFocus
            autoComplete="off"
            maxLength={PAYMENT_PROVIDER_LIMITS.nameMax}
            slotProps={{ htmlInput: { 'data-testid': 'payment-provider-name-input' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <FormTextField
            control={control}
            name="type"
            label={t.type}
            select
            required
            fullWidth
            helperText={t.typeHelp[type]}
            slotProps={{ htmlInput: { 'data-testid': 'payment-provider-type-select' } }}
          >
            {PAYMENT_PROVIDER_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {strings.paymentProviders.types[value]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>

        {type === 'vietqr_bank' && (
          <>
            <Grid size={12}>
              <Controller
                control={control}
                name="bankBin"
                render={({ field, fieldState }) => (
                  <BankAutocomplete
                    banks={banks.data ?? []}
                    loading={banks.isFetching}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={
                      fieldState.error?.message ?? (banks.isError ? t.banksLoadError : undefined)
                    }
                    disabled={pending}
                    testId="payment-provider-bank-select"
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormTextField
                control={control}
                name="accountNumber"
                label={t.accountNumber}
                helperText={t.accountNumberHelp}
                required
                fullWidth
                autoComplete="off"
                maxLength={30}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    'data-testid': 'payment-provider-account-number-input',
                    style: { fontFamily: 'monospace' },
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 7 }}>
              <Controller
                control={control}
                name="accountName"
                render={({ field, fieldState }) => (
                  <TextField
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={(event) => {
                      // Leave an IME composition (macOS Vietnamese input) alone; blur normalises it.
                      const composing = (event.nativeEvent as InputEvent).isComposing;
                      field.onChange(
                        composing ? event.target.value : normalizeAccountName(event.target.value),
                      );
                    }}
                    onBlur={() => {
                      field.onChange(normalizeAccountName(field.value));
                      field.onBlur();
                    }}
                    label={t.accountName}
                    required
                    fullWidth
                    autoComplete="off"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? t.accountNameHelp}
                    slotProps={{
                      htmlInput: {
                        maxLength: PAYMENT_PROVIDER_LIMITS.accountNameMax,
                        autoCapitalize: 'characters',
                        spellCheck: false,
                        'data-testid': 'payment-provider-account-name-input',
                      },
                    }}
                  />
                )}
              />
            </Grid>
          </>
        )}

        <Grid size={12}>
          <FormTextField
            control={control}
            name="instructions"
            label={t.instructions}
            helperText={t.instructionsHelp[type]}
            required={type === 'manual'}
            fullWidth
            multiline
            minRows={type === 'manual' ? 4 : 2}
            maxRows={10}
            maxLength={PAYMENT_PROVIDER_LIMITS.instructionsMax}
            slotProps={{ htmlInput: { 'data-testid': 'payment-provider-instructions-input' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <FormImageUploadField
            control={control}
            name="logoUrl"
            label={t.logo}
            onBusyChange={setUploading}
            disabled={pending}
            testId="payment-provider-logo"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <Stack spacing={2}>
            <FormSwitchField
              control={control}
              name="isActive"
              label={t.isActive}
              testId="payment-provider-active-switch"
            />
            <FormTextField
              control={control}
              name="sortOrder"
              label={t.sortOrder}
              helperText={t.sortOrderHelp}
              fullWidth
              autoComplete="off"
              maxLength={10}
              slotProps={{ htmlInput: { 'data-testid': 'payment-provider-sort-order-input' } }}
            />
          </Stack>
        </Grid>

        <Grid size={12}>
          <Divider />
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t.webhookSection}
          </Typography>
        </Grid>
        <Grid size={12}>
          <FormSwitchField
            control={control}
            name="webhookEnabled"
            label={t.webhookEnabled}
            testId="payment-provider-webhook-switch"
          />
          {turnedOn && webhookEnabled && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="payment-provider-webhook-turned-on">
              {strings.paymentWebhook.turnedOn}
            </Alert>
          )}
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="webhookAuth"
            label={t.webhookAuth}
            select
            fullWidth
            helperText={t.webhookAuthHelp[webhookAuth]}
            slotProps={{ htmlInput: { 'data-testid': 'payment-provider-webhook-auth-select' } }}
          >
            {WEBHOOK_AUTHS.map((value) => (
              <MenuItem key={value} value={value}>
                {t.webhookAuths[value]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <FormPasswordField
              control={control}
              name="webhookSecret"
              label={t.webhookSecret[webhookAuth]}
              helperText={keepingStoredSecret ? t.webhookSecretKeep : t.webhookSecretHelp}
              placeholder={keepingStoredSecret ? t.webhookSecretStoredPlaceholder : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
              // Never let the browser fill in the admin's own password here.
              autoComplete="new-password"
              data-testid="payment-provider-webhook-secret"
            />
            {keepingStoredSecret && (
              <Button
                color="error"
                variant="outlined"
                onClick={() => setValue('removeWebhookSecret', true, { shouldDirty: true })}
                disabled={pending}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: { sm: 1 } }}
                data-testid="payment-provider-webhook-secret-remove"
              >
                {t.webhookSecretRemove}
              </Button>
            )}
          </Stack>
          {removeSecret && (
            <Alert
              severity="warning"
              sx={{ mt: 1.5 }}
              data-testid="payment-provider-webhook-secret-removing"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => setValue('removeWebhookSecret', false, { shouldDirty: true })}
                >
                  {t.webhookSecretUndo}
                </Button>
              }
            >
              {t.webhookSecretRemoving}
            </Alert>
          )}
        </Grid>

        {provider && (
          <Grid size={12}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <TextField
                label={t.webhookUrl}
                value={webhookUrl}
                fullWidth
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: {
                    readOnly: true,
                    'data-testid': 'payment-provider-webhook-url',
                    style: { fontFamily: 'monospace' },
                  },
                }}
              />
              <CopyButton text={webhookUrl} testId="payment-provider-webhook-url-copy" />
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {t.webhookUrlHint[webhookAuth]}
            </Typography>
            <PublicUrlWarning url={webhookUrl} />
            <SepaySteps auth={webhookAuth} />
          </Grid>
        )}

        {type === 'vietqr_bank' && (
          <Grid size={12}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <FormPasswordField
                control={control}
                name="sepayApiToken"
                label={t.sepayApiToken}
                helperText={keepingStoredToken ? t.sepayApiTokenStored : t.sepayApiTokenHelp}
                placeholder={keepingStoredToken ? t.webhookSecretStoredPlaceholder : undefined}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
                autoComplete="new-password"
                data-testid="payment-provider-sepay-api-token"
              />
              {keepingStoredToken && (
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setValue('removeSepayApiToken', true, { shouldDirty: true })}
                  disabled={pending}
                  sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: { sm: 1 } }}
                  data-testid="payment-provider-sepay-api-token-remove"
                >
                  {t.sepayApiTokenRemove}
                </Button>
              )}
            </Stack>
            {removeToken && (
              <Alert
                severity="warning"
                sx={{ mt: 1.5 }}
                data-testid="payment-provider-sepay-api-token-removing"
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => setValue('removeSepayApiToken', false, { shouldDirty: true })}
                  >
                    {t.webhookSecretUndo}
                  </Button>
                }
              >
                {t.sepayApiTokenRemoving}
              </Alert>
            )}
            {provider?.lastReconciledAt && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mt: 1 }}
                data-testid="payment-provider-last-reconciled"
              >
                {strings.paymentProviders.lastReconciled(formatDayTime(provider.lastReconciledAt))}
              </Typography>
            )}
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
