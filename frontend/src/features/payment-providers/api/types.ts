import { QUERY_ROOTS } from '@/lib/query-keys';

export const PAYMENT_PROVIDER_TYPES = ['vietqr_bank', 'manual'] as const;
export type PaymentProviderType = (typeof PAYMENT_PROVIDER_TYPES)[number];

/** Payment provider, admin view (api.md, paymentprovider). `webhookSecret` is never returned. */
export interface PaymentProvider {
  id: string;
  name: string;
  type: PaymentProviderType;
  bankBin: string | null;
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
  instructions: string | null;
  logoUrl: string | null;
  isActive: boolean;
  sortOrder: number;
  webhookEnabled: boolean;
  hasWebhookSecret: boolean;
  webhookUrl: string;
  createdAt: string;
  updatedAt: string;
}

/** One bank of the built-in list (GET PaymentProvider/Banks). */
export interface Bank {
  bin: string;
  shortName: string;
  name: string;
}

/**
 * The fields Create takes and Update changes; `null` clears an optional one.
 * `webhookSecret` is write-only: left out, the stored one stays; `null` removes it.
 */
export interface PaymentProviderPayload {
  name: string;
  type: PaymentProviderType;
  bankBin: string | null;
  accountNumber: string | null;
  accountName: string | null;
  instructions: string | null;
  logoUrl: string | null;
  isActive: boolean;
  sortOrder: number;
  webhookEnabled: boolean;
  webhookSecret?: string | null;
}

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
} as const;

export const paymentProvidersKeys = {
  all: [QUERY_ROOTS.paymentProviders] as const,
  adminList: (params: object) => [QUERY_ROOTS.paymentProviders, 'admin-list', params] as const,
  detail: (id: string) => [QUERY_ROOTS.paymentProviders, 'detail', id] as const,
  banks: [QUERY_ROOTS.paymentProviders, 'banks'] as const,
};
