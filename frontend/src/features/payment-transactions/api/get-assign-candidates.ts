import { useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Paginated } from '@/lib/api/envelope';
import {
  codeLikeTokens,
  mergeCandidates,
  searchKeywords,
  type Candidate,
  type CandidateOrder,
} from '../utils/assign-candidates';
import { transactionsKeys, type PaymentTransaction } from './types';

/** retailstore's admin order list (admin and staff), read here for Assign's suggestions. */
const ORDERS = '/retailstore/api/admin/v1/Order/Pagination';

function orders(
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<CandidateOrder[]> {
  return api
    .get<Paginated<CandidateOrder>>(
      ORDERS,
      { pageIndex: 1, pageSize: 20, sortBy: 'createdAt', sortDir: 'desc', ...query },
      { signal },
    )
    .then((page) => page.items ?? []);
}

/** The orders an unmatched transfer may be for (see `mergeCandidates`); nothing while no transfer is chosen. */
export function useAssignCandidates(transaction: PaymentTransaction | null): {
  candidates: Candidate[];
  isLoading: boolean;
} {
  const amount = transaction?.amount ?? 0;
  const tokens = transaction ? codeLikeTokens(transaction.content, transaction.code) : [];
  const keywords = [...new Set(tokens.flatMap(searchKeywords))];
  const results = useQueries({
    queries: [
      {
        queryKey: [...transactionsKeys.all, 'candidates', 'total', amount],
        queryFn: ({ signal }: { signal: AbortSignal }) => orders({ total: amount }, signal),
        enabled: amount > 0,
        staleTime: 10_000,
      },
      ...keywords.map((keyword) => ({
        queryKey: [...transactionsKeys.all, 'candidates', 'keyword', keyword],
        queryFn: ({ signal }: { signal: AbortSignal }) => orders({ keyword }, signal),
        staleTime: 10_000,
      })),
    ],
  });
  const [byAmount, ...byKeyword] = results;
  const candidates = mergeCandidates(
    amount,
    byAmount?.data ?? [],
    byKeyword.flatMap((result) => result.data ?? []),
    tokens,
  );
  return { candidates, isLoading: results.some((result) => result.isLoading) };
}
