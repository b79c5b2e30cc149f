import { QUERY_ROOTS } from '@/lib/query-keys';

export const TRANSACTION_STATUSES = ['pending', 'matched', 'unmatched', 'duplicate', 'ignored'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A bank transfer received by webhook (paymentprovider, admin view). */
export interface PaymentTransaction {
  id: string;
  providerId: string;
  providerName: string;
  /** SePay's own id, as text. */
  externalId: string;
  gateway: string;
  transactionDate: string;
  accountNumber: string;
  subAccount?: string | null;
  code?: string | null;
  content: string;
  transferType: 'in' | 'out' | (string & {});
  amount: number;
  referenceCode?: string | null;
  status: TransactionStatus;
  orderCode?: string | null;
  attempts: number;
  lastError?: string | null;
  createdAt: string;
  processedAt?: string | null;
}

/** A provider as the filter lists it. */
export interface ProviderOption {
  id: string;
  name: string;
}

export const transactionEndpoints = {
  pagination: '/paymentprovider/api/admin/v1/PaymentTransaction/Pagination',
  assign: '/paymentprovider/api/admin/v1/PaymentTransaction/Assign',
  providers: '/paymentprovider/api/admin/v1/PaymentProvider/Pagination',
} as const;

export const transactionsKeys = {
  all: [QUERY_ROOTS.paymentTransactions] as const,
  list: (params: object) => [QUERY_ROOTS.paymentTransactions, 'list', params] as const,
  /** Under the providers root: a renamed provider refreshes the filter. */
  providerOptions: [QUERY_ROOTS.paymentProviders, 'options'] as const,
};
