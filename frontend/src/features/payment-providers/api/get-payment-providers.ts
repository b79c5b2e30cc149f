import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paginated } from '@/lib/api-types';
import {
  paymentProviderEndpoints,
  paymentProvidersKeys,
  type PaymentProvider,
  type PaymentProviderSortField,
  type PaymentProviderType,
  type SortDirection,
} from './types';

export interface GetPaymentProvidersParams {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  type?: PaymentProviderType;
  isActive?: boolean;
  sortBy?: PaymentProviderSortField;
  sortDir?: SortDirection;
}

/** GET admin PaymentProvider/Pagination (staff may read). */
export function getPaymentProviders(params: GetPaymentProvidersParams, signal?: AbortSignal): Promise<Paginated<PaymentProvider>> {
  return api.get<Paginated<PaymentProvider>>(paymentProviderEndpoints.pagination, { ...params }, { signal });
}

export function getPaymentProvidersQueryOptions(params: GetPaymentProvidersParams) {
  return queryOptions({
    queryKey: paymentProvidersKeys.adminList(params),
    queryFn: ({ signal }) => getPaymentProviders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentProviders(params: GetPaymentProvidersParams) {
  return useQuery(getPaymentProvidersQueryOptions(params));
}
