import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paginated } from '@/lib/api-types';
import { transactionEndpoints, transactionsKeys, type PaymentTransaction, type TransactionStatus } from './types';

export interface GetTransactionsParams {
  pageIndex: number;
  pageSize: number;
  providerId?: string;
  status?: TransactionStatus;
  /** Matches content, code, order code and reference code. */
  keyword?: string;
}

/** GET admin PaymentTransaction/Pagination: unmatched first, then pending, then newest. */
export function getTransactions(params: GetTransactionsParams, signal?: AbortSignal): Promise<Paginated<PaymentTransaction>> {
  return api.get<Paginated<PaymentTransaction>>(transactionEndpoints.pagination, { ...params }, { signal });
}

export function getTransactionsQueryOptions(params: GetTransactionsParams) {
  return queryOptions({
    queryKey: transactionsKeys.list(params),
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useTransactions(params: GetTransactionsParams) {
  return useQuery(getTransactionsQueryOptions(params));
}
