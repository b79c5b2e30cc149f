import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

export type TransactionStatus = ApiSchema<'TransactionStatus'>;
export const TRANSACTION_STATUSES = [
  'pending',
  'matched',
  'unmatched',
  'duplicate',
  'ignored',
] as const satisfies readonly TransactionStatus[];

/**
 * A bank transfer received (paymentprovider, admin view); `externalId` is SePay's own id,
 * as text, and `bankRef` the transfer's natural id (`sepay:<id>`, one row per transfer
 * whichever provider brought it; null on rows older than it).
 */
export type PaymentTransaction = ApiSchema<'PaymentTransaction'>;

/** How the transfer reached the shop: SePay's webhook, or the reconciliation that read SePay's transaction list. */
export type TransactionSource = ApiSchema<'TransactionSource'>;

/**
 * Why a transfer naming an order was held back for staff instead of applied:
 * `provider_mismatch`, it came through another provider than the order's.
 */
export type TransactionFlag = ApiSchema<'TransactionFlag'>;

/** A provider as the filter lists it. */
export interface ProviderOption {
  id: string;
  name: string;
}

export const transactionEndpoints = {
  pagination: '/paymentprovider/api/admin/v1/PaymentTransaction/Pagination',
  assign: '/paymentprovider/api/admin/v1/PaymentTransaction/Assign',
  providers: '/paymentprovider/api/admin/v1/PaymentProvider/Pagination',
} as const satisfies Record<string, ApiPath>;

export const transactionsKeys = {
  all: [QUERY_ROOTS.paymentTransactions] as const,
  list: (params: object) => [QUERY_ROOTS.paymentTransactions, 'list', params] as const,
  /** Under the providers root: a renamed provider refreshes the filter. */
  providerOptions: [QUERY_ROOTS.paymentProviders, 'options'] as const,
};
