import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Paginated } from '@/lib/api/envelope';
import type { PageParams } from '@/lib/api/paged-list-query';
import {
  auditLogEndpoints,
  auditLogKeys,
  type AuditAction,
  type AuditEntry,
  type AuditSource,
} from './types';

export interface GetAuditLogParams extends PageParams {
  actor?: string;
  action?: AuditAction;
  /** RFC 3339 instants, `[from, to)`. */
  from?: string;
  to?: string;
}

export function getAuditLog(
  source: AuditSource,
  params: GetAuditLogParams,
  signal?: AbortSignal,
): Promise<Paginated<AuditEntry>> {
  return api.get<Paginated<AuditEntry>>(auditLogEndpoints[source], { ...params }, { signal });
}

export function getAuditLogQueryOptions(source: AuditSource, params: GetAuditLogParams) {
  return queryOptions({
    queryKey: auditLogKeys.list(source, params),
    queryFn: ({ signal }) => getAuditLog(source, params, signal),
    // The last page stays while the next loads, but never under the other source's tab.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === source ? previous : undefined,
  });
}

export function useAuditLog(source: AuditSource, params: GetAuditLogParams) {
  return useQuery(getAuditLogQueryOptions(source, params));
}
