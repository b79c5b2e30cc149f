import { z } from 'zod';
import { PAYMENT_PROVIDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { formFields } from '@/lib/api/form-errors';
import { charLength, parseWholeNumber } from '@/lib/validation';
import {
  PAYMENT_PROVIDER_TYPES,
  WEBHOOK_AUTHS,
  type PaymentProvider,
  type PaymentProviderPayload,
} from '../api/types';

const t = strings.paymentProviders.validation;

const ACCOUNT_NUMBER_PATTERN = new RegExp(
  `^\\d{${PAYMENT_PROVIDER_LIMITS.accountNumberMin},${PAYMENT_PROVIDER_LIMITS.accountNumberMax}}$`,
);
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
 * A write-only secret as typed: 'length' or 'whitespace' when it is not acceptable, null
 * when it is (or when nothing was typed).
 */
function secretProblem(value: string, min: number, max: number): 'length' | 'whitespace' | null {
  if (value === '') return null;
  const length = charLength(value);
  if (length < min || length > max) return 'length';
  return /\s/.test(value) ? 'whitespace' : null;
}

/**
 * What the Create/Update payload says about a write-only field: the typed value, `null`
 * to remove the stored one, or nothing (left out: the stored one stays).
 */
function writeOnly(typed: string, remove: boolean): { value?: string | null } {
  if (typed !== '') return { value: typed };
  return remove ? { value: null } : {};
}

/**
 * The provider form. `removeWebhookSecret` is the "Xóa khóa webhook" action and
 * `removeSepayApiToken` the "Xóa token" one; a typed value wins over them. The output is
 * the Create/Update payload, where `webhookSecret` and `sepayApiToken` are left out
 * unless a new one was typed (or `null` to remove it).
 */
export const paymentProviderFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, t.nameRequired)
      .refine((v) => charLength(v) <= PAYMENT_PROVIDER_LIMITS.nameMax, t.nameTooLong),
    type: z.enum(PAYMENT_PROVIDER_TYPES),
    bankBin: z.string().trim(),
    accountNumber: z.string().transform(normalizeAccountNumber),
    accountName: z.string().transform((v) => normalizeAccountName(v).trim().replace(/\s+/g, ' ')),
    instructions: z.string().trim(),
    logoUrl: z.string().nullable(),
    isActive: z.boolean(),
    sortOrder: z.string(),
    webhookEnabled: z.boolean(),
    webhookAuth: z.enum(WEBHOOK_AUTHS),
    webhookSecret: z.string().trim(),
    removeWebhookSecret: z.boolean(),
    /** The provider has a secret stored now (edit mode); never sent. */
    hasStoredSecret: z.boolean(),
    sepayApiToken: z.string().trim(),
    removeSepayApiToken: z.boolean(),
    /** The provider has a SePay API token stored now (edit mode); never sent. */
    hasStoredToken: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof typeof values, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });

    if (values.type === 'vietqr_bank') {
      if (values.bankBin === '') issue('bankBin', t.bankRequired);

      if (values.accountNumber === '') issue('accountNumber', t.accountNumberRequired);
      else if (!ACCOUNT_NUMBER_PATTERN.test(values.accountNumber))
        issue('accountNumber', t.accountNumberFormat);

      if (values.accountName === '') issue('accountName', t.accountNameRequired);
      else if (!ACCOUNT_NAME_PATTERN.test(values.accountName))
        issue('accountName', t.accountNameFormat);
      else if (values.accountName.length > PAYMENT_PROVIDER_LIMITS.accountNameMax)
        issue('accountName', t.accountNameTooLong);
    } else if (values.instructions === '') {
      issue('instructions', t.instructionsRequired);
    }
    if (charLength(values.instructions) > PAYMENT_PROVIDER_LIMITS.instructionsMax)
      issue('instructions', t.instructionsTooLong);

    const sortOrder = parseWholeNumber(values.sortOrder, { allowNegative: true });
    if (
      sortOrder !== null &&
      (Number.isNaN(sortOrder) || Math.abs(sortOrder) > PAYMENT_PROVIDER_LIMITS.sortOrderAbsMax)
    ) {
      issue('sortOrder', t.sortOrderInvalid);
    }

    const secret = secretProblem(
      values.webhookSecret,
      PAYMENT_PROVIDER_LIMITS.webhookSecretMin,
      PAYMENT_PROVIDER_LIMITS.webhookSecretMax,
    );
    if (secret === 'length') issue('webhookSecret', t.webhookSecretLength);
    else if (secret === 'whitespace') issue('webhookSecret', t.webhookSecretWhitespace);
    else if (
      values.webhookSecret === '' &&
      values.webhookEnabled &&
      (!values.hasStoredSecret || values.removeWebhookSecret)
    ) {
      // The service refuses a webhook that could never authenticate.
      issue('webhookSecret', t.webhookSecretRequired);
    }

    // Only a bank account is reconciled; a manual provider's token field is hidden and ignored.
    if (values.type === 'vietqr_bank') {
      const token = secretProblem(
        values.sepayApiToken,
        PAYMENT_PROVIDER_LIMITS.sepayApiTokenMin,
        PAYMENT_PROVIDER_LIMITS.sepayApiTokenMax,
      );
      if (token === 'length') issue('sepayApiToken', t.sepayApiTokenLength);
      else if (token === 'whitespace') issue('sepayApiToken', t.sepayApiTokenWhitespace);
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
      webhookAuth: values.webhookAuth,
    };
    const secret = writeOnly(values.webhookSecret, values.removeWebhookSecret);
    if ('value' in secret) payload.webhookSecret = secret.value;
    // A provider turned manual drops the token a former VietQR setup left (the service
    // refuses a token on a manual provider).
    const token = bank
      ? writeOnly(values.sepayApiToken, values.removeSepayApiToken)
      : writeOnly('', values.hasStoredToken);
    if ('value' in token) payload.sepayApiToken = token.value;
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
  webhookAuth: 'apikey',
  webhookSecret: '',
  removeWebhookSecret: false,
  hasStoredSecret: false,
  sepayApiToken: '',
  removeSepayApiToken: false,
  hasStoredToken: false,
};

/** The form's fields: a server `error.details` entry naming one shows under it. */
export const PAYMENT_PROVIDER_FORM_FIELDS = formFields(EMPTY_PAYMENT_PROVIDER_VALUES);

/** The form for a provider; the stored webhook secret and SePay token are never shown (write-only). */
export function paymentProviderToFormValues(
  provider: PaymentProvider | null,
): PaymentProviderFormValues {
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
    webhookAuth: provider.webhookAuth,
    webhookSecret: '',
    removeWebhookSecret: false,
    hasStoredSecret: provider.hasWebhookSecret,
    sepayApiToken: '',
    removeSepayApiToken: false,
    hasStoredToken: provider.hasSepayApiToken,
  };
}

/** 'Đã cấu hình' needs both the switch and a stored secret. */
export type WebhookStatus = 'configured' | 'missingSecret' | 'disabled';

export function webhookStatusOf(
  provider: Pick<PaymentProvider, 'webhookEnabled' | 'hasWebhookSecret'>,
): WebhookStatus {
  if (!provider.webhookEnabled) return 'disabled';
  return provider.hasWebhookSecret ? 'configured' : 'missingSecret';
}

/** The webhook URL as SePay needs it: absolute, even if the service answers with a path. */
export function absoluteWebhookUrl(
  webhookUrl: string,
  origin: string = window.location.origin,
): string {
  try {
    return new URL(webhookUrl, origin).href;
  } catch {
    return webhookUrl;
  }
}
