import { useQuery } from '@tanstack/react-query';
import { pagedListQueryOptions, type PageParams } from '@/lib/api/paged-list-query';
import {
  transactionEndpoints,
  transactionsKeys,
  type PaymentTransaction,
  type TransactionStatus,
} from './types';

export interface GetTransactionsParams extends PageParams {
  providerId?: string;
  status?: TransactionStatus;
  /** Matches content, code, order code and reference code. */
  keyword?: string;
}

/** GET admin PaymentTransaction/Pagination: unmatched first, then pending, then newest. */
export function useTransactions(params: GetTransactionsParams) {
  return useQuery(
    pagedListQueryOptions<PaymentTransaction>(
      transactionsKeys.list(params),
      transactionEndpoints.pagination,
      params,
      { staleTime: 10_000 },
    ),
  );
}
