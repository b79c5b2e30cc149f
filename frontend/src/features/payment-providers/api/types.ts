import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

export type PaymentProviderType = ApiSchema<'ProviderType'>;
export const PAYMENT_PROVIDER_TYPES = [
  'vietqr_bank',
  'manual',
] as const satisfies readonly PaymentProviderType[];

/**
 * Payment provider, admin view. `webhookSecret` and `sepayApiToken` are never returned;
 * `hasWebhookSecret` and `hasSepayApiToken` say whether one is stored.
 */
export type PaymentProvider = ApiSchema<'Provider'>;

/** How SePay proves a webhook delivery: `Authorization: Apikey …` or an HMAC-SHA256 signature. */
export type WebhookAuth = ApiSchema<'WebhookAuth'>;
export const WEBHOOK_AUTHS = ['apikey', 'hmac'] as const satisfies readonly WebhookAuth[];

/**
 * What became of a webhook call (`lastWebhook.outcome`, TestWebhook's `outcome`): the
 * transaction's status when accepted, `test` for "Gửi thử", or why it was refused.
 */
export type WebhookOutcome = ApiSchema<'WebhookOutcome'>;
/** Outcomes of calls the webhook took (the rest were refused). */
export const ACCEPTED_WEBHOOK_OUTCOMES = [
  'matched',
  'duplicate',
  'unmatched',
  'pending',
  'ignored',
  'test',
] as const satisfies readonly WebhookOutcome[];

/** What "Gửi thử" (POST admin PaymentProvider/TestWebhook) came to. */
export type TestWebhookResult = ApiSchema<'TestWebhookResult'>;

/** One bank of the built-in list (GET PaymentProvider/Banks). */
export type Bank = ApiSchema<'Bank'>;

type ProviderInput = ApiSchema<'ProviderInput'>;

/** The write-only fields: left out, the stored value stays; `null` removes it. */
type WriteOnlyField = 'webhookSecret' | 'sepayApiToken';

/**
 * The fields Create takes and Update changes; `null` clears an optional one (the bank's
 * name comes from `bankBin`). `webhookSecret` and `sepayApiToken` are write-only: left
 * out, the stored one stays; `null` removes it.
 */
export type PaymentProviderPayload = Required<Omit<ProviderInput, 'bankName' | WriteOnlyField>> &
  Pick<ProviderInput, WriteOnlyField>;

export const PAYMENT_PROVIDER_SORT_FIELDS = ['name', 'sortOrder', 'createdAt'] as const;
export type PaymentProviderSortField = (typeof PAYMENT_PROVIDER_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

const PROVIDER_API = '/paymentprovider/api/admin/v1/PaymentProvider';

export const paymentProviderEndpoints = {
  pagination: `${PROVIDER_API}/Pagination`,
  read: `${PROVIDER_API}/Read`,
  create: `${PROVIDER_API}/Create`,
  update: `${PROVIDER_API}/Update`,
  delete: `${PROVIDER_API}/Delete`,
  banks: `${PROVIDER_API}/Banks`,
  testWebhook: `${PROVIDER_API}/TestWebhook`,
} as const satisfies Record<string, ApiPath>;

export const paymentProvidersKeys = {
  all: [QUERY_ROOTS.paymentProviders] as const,
  adminList: (params: object) => [QUERY_ROOTS.paymentProviders, 'admin-list', params] as const,
  detail: (id: string) => [QUERY_ROOTS.paymentProviders, 'detail', id] as const,
  banks: [QUERY_ROOTS.paymentProviders, 'banks'] as const,
};
