import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { api } from '@/lib/api/client';
import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

/**
 * The received transfers waiting for staff (`unmatched`): how many and their amounts
 * added up. Shared because the admin menu's badge and the dashboard's card both show it.
 */
export type UnmatchedSummary = ApiSchema<'PaymentTransactionUnmatchedSummary'>;

const ENDPOINT =
  '/paymentprovider/api/admin/v1/PaymentTransaction/UnmatchedSummary' satisfies ApiPath;

/** Under the transactions root, so an Assign (which refreshes that root) refreshes it too. */
export const unmatchedSummaryKey = [QUERY_ROOTS.paymentTransactions, 'unmatched-summary'] as const;

/** How often the badge and the card ask again: money waiting is worth a look within half a minute. */
export const UNMATCHED_POLL_MS = 30_000;

/** The transfers list showing only what waits for staff. */
export const UNMATCHED_TRANSFERS_PATH = `${paths.admin.paymentTransactions}?status=unmatched`;

/** GET admin PaymentTransaction/UnmatchedSummary. */
export function getUnmatchedSummary(signal?: AbortSignal): Promise<UnmatchedSummary> {
  return api.get<UnmatchedSummary>(ENDPOINT, undefined, { signal });
}

/** How long the menu's badge lets the page ask for its own data first. */
export const BADGE_DELAY_MS = 800;

/**
 * Polled while a back-office page shows it. `delayMs`: the first request waits that long
 * (the menu's badge, on every page, gives way to the page's own data).
 */
export function useUnmatchedSummary({ delayMs = 0 }: { delayMs?: number } = {}) {
  const [ready, setReady] = useState(delayMs <= 0);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), delayMs);
    return () => clearTimeout(timer);
  }, [ready, delayMs]);
  return useQuery({
    queryKey: unmatchedSummaryKey,
    queryFn: ({ signal }) => getUnmatchedSummary(signal),
    staleTime: UNMATCHED_POLL_MS,
    refetchInterval: UNMATCHED_POLL_MS,
    enabled: ready,
  });
}

/** The count to show: 0 while unknown or when the answer is not a summary. */
export function unmatchedCount(summary: UnmatchedSummary | undefined): number {
  return typeof summary?.count === 'number' && summary.count > 0 ? summary.count : 0;
}
