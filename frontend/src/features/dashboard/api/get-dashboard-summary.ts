import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { dashboardEndpoints, dashboardKeys, type DashboardSummary } from './types';

export interface DashboardRange {
  /** RFC 3339 instants, half-open `[from, to)`. */
  from: string;
  to: string;
}

/** GET admin Dashboard/Summary?from=&to=. */
export function getDashboardSummary(
  range: DashboardRange,
  signal?: AbortSignal,
): Promise<DashboardSummary> {
  return api.get<DashboardSummary>(dashboardEndpoints.summary, { ...range }, { signal });
}

export function getDashboardSummaryQueryOptions(range: DashboardRange) {
  return queryOptions({
    queryKey: dashboardKeys.summary(range),
    queryFn: ({ signal }) => getDashboardSummary(range, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useDashboardSummary(range: DashboardRange) {
  return useQuery(getDashboardSummaryQueryOptions(range));
}
