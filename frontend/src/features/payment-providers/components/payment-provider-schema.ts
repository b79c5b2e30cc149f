import { z } from 'zod';
import { PAYMENT_PROVIDER_LIMITS } from '@/config/limits';
import { vi } from '@/i18n/vi';
import { formFields } from '@/lib/form-errors';
import { charLength, parseWholeNumber } from '@/lib/validation';
import { PAYMENT_PROVIDER_TYPES, type PaymentProvider, type PaymentProviderPayload } from '../api/types';

const t = vi.paymentProviders.validation;

const ACCOUNT_NUMBER_PATTERN = new RegExp(`^\\d{${PAYMENT_PROVIDER_LIMITS.accountNumberMin},${PAYMENT_PROVIDER_LIMITS.accountNumberMax}}$`);
const ACCOUNT_NAME_PATTERN = /^[A-Z0-9 ]+$/;

/**
 * What the bank prints as the account holder: upper case without Vietnamese accents
 * (`Nguyễn Văn Đức` -> `NGUYEN VAN DUC`). Applied while typing, so spaces are kept as
 * typed; other characters stay for the validation to name.
 */
export function normalizeAccountName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toUpperCase();
}

/** Account numbers are often pasted with spaces (`0123 4567 89`). */
export function normalizeAccountNumber(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * The provider form. `removeWebhookSecret` is the "Xóa khóa webhook" action; the typed
 * `webhookSecret` wins over it. The output is the Create/Update payload, where
 * `webhookSecret` is left out unless a new one was typed (or `null` to remove it).
 */
export const paymentProviderFormSchema = z
  .object({
    name: z.string().trim().min(1, t.nameRequired).refine((v) => charLength(v) <= PAYMENT_PROVIDER_LIMITS.nameMax, t.nameTooLong),
    type: z.enum(PAYMENT_PROVIDER_TYPES),
    bankBin: z.string().trim(),
    accountNumber: z.string().transform(normalizeAccountNumber),
    accountName: z.string().transform((v) => normalizeAccountName(v).trim().replace(/\s+/g, ' ')),
    instructions: z.string().trim(),
    logoUrl: z.string().nullable(),
    isActive: z.boolean(),
    sortOrder: z.string(),
    webhookEnabled: z.boolean(),
    webhookSecret: z.string().trim(),
    removeWebhookSecret: z.boolean(),
    /** The provider has a secret stored now (edit mode); never sent. */
    hasStoredSecret: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof typeof values, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

    if (values.type === 'vietqr_bank') {
      if (values.bankBin === '') issue('bankBin', t.bankRequired);

      if (values.accountNumber === '') issue('accountNumber', t.accountNumberRequired);
      else if (!ACCOUNT_NUMBER_PATTERN.test(values.accountNumber)) issue('accountNumber', t.accountNumberFormat);

      if (values.accountName === '') issue('accountName', t.accountNameRequired);
      else if (!ACCOUNT_NAME_PATTERN.test(values.accountName)) issue('accountName', t.accountNameFormat);
      else if (values.accountName.length > PAYMENT_PROVIDER_LIMITS.accountNameMax) issue('accountName', t.accountNameTooLong);
    } else if (values.instructions === '') {
      issue('instructions', t.instructionsRequired);
    }
    if (charLength(values.instructions) > PAYMENT_PROVIDER_LIMITS.instructionsMax) issue('instructions', t.instructionsTooLong);

    const sortOrder = parseWholeNumber(values.sortOrder, { allowNegative: true });
    if (sortOrder !== null && (Number.isNaN(sortOrder) || Math.abs(sortOrder) > PAYMENT_PROVIDER_LIMITS.sortOrderAbsMax)) {
      issue('sortOrder', t.sortOrderInvalid);
    }

    if (values.webhookSecret !== '') {
      const length = charLength(values.webhookSecret);
      if (length < PAYMENT_PROVIDER_LIMITS.webhookSecretMin || length > PAYMENT_PROVIDER_LIMITS.webhookSecretMax) {
        issue('webhookSecret', t.webhookSecretLength);
      } else if (/\s/.test(values.webhookSecret)) {
        issue('webhookSecret', t.webhookSecretWhitespace);
      }
    } else if (values.webhookEnabled && (!values.hasStoredSecret || values.removeWebhookSecret)) {
      // The service refuses a webhook that could never authenticate.
      issue('webhookSecret', t.webhookSecretRequired);
    }
  })
  .transform((values): PaymentProviderPayload => {
    const bank = values.type === 'vietqr_bank';
    const payload: PaymentProviderPayload = {
      name: values.name,
      type: values.type,
      // A manual provider has no bank account: clear what a former VietQR setup left.
      bankBin: bank ? values.bankBin : null,
      accountNumber: bank ? values.accountNumber : null,
      accountName: bank ? values.accountName : null,
      instructions: values.instructions || null,
      logoUrl: values.logoUrl || null,
      isActive: values.isActive,
      sortOrder: parseWholeNumber(values.sortOrder, { allowNegative: true }) ?? 0,
      webhookEnabled: values.webhookEnabled,
    };
    if (values.webhookSecret !== '') payload.webhookSecret = values.webhookSecret;
    else if (values.removeWebhookSecret) payload.webhookSecret = null;
    return payload;
  });

export type PaymentProviderFormValues = z.input<typeof paymentProviderFormSchema>;

export const EMPTY_PAYMENT_PROVIDER_VALUES: PaymentProviderFormValues = {
  name: '',
  type: 'vietqr_bank',
  bankBin: '',
  accountNumber: '',
  accountName: '',
  instructions: '',
  logoUrl: null,
  isActive: true,
  sortOrder: '0',
  webhookEnabled: false,
  webhookSecret: '',
  removeWebhookSecret: false,
  hasStoredSecret: false,
};

/** The form's fields: a server `error.details` entry naming one shows under it. */
export const PAYMENT_PROVIDER_FORM_FIELDS = formFields(EMPTY_PAYMENT_PROVIDER_VALUES);

/** The form for a provider; the stored webhook secret is never shown (write-only). */
export function paymentProviderToFormValues(provider: PaymentProvider | null): PaymentProviderFormValues {
  if (!provider) return EMPTY_PAYMENT_PROVIDER_VALUES;
  return {
    name: provider.name,
    type: provider.type,
    bankBin: provider.bankBin ?? '',
    accountNumber: provider.accountNumber ?? '',
    accountName: provider.accountName ?? '',
    instructions: provider.instructions ?? '',
    logoUrl: provider.logoUrl,
    isActive: provider.isActive,
    sortOrder: String(provider.sortOrder),
    webhookEnabled: provider.webhookEnabled,
    webhookSecret: '',
    removeWebhookSecret: false,
    hasStoredSecret: provider.hasWebhookSecret,
  };
}

/** 'Đã cấu hình' needs both the switch and a stored secret. */
export type WebhookStatus = 'configured' | 'missingSecret' | 'disabled';

export function webhookStatusOf(provider: Pick<PaymentProvider, 'webhookEnabled' | 'hasWebhookSecret'>): WebhookStatus {
  if (!provider.webhookEnabled) return 'disabled';
  return provider.hasWebhookSecret ? 'configured' : 'missingSecret';
}

/** The webhook URL as SePay needs it: absolute, even if the service answers with a path. */
export function absoluteWebhookUrl(webhookUrl: string, origin: string = window.location.origin): string {
  try {
    return new URL(webhookUrl, origin).href;
  } catch {
    return webhookUrl;
  }
}
