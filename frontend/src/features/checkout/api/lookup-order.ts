import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { checkoutEndpoints, checkoutKeys, type OrderLookupResult } from './types';

export interface LookupOrderParams {
  code: string;
  email: string;
}

/** GET web Order/OrderLookup?code=&email=: status and payment instruction only (403 when no match). */
export function lookupOrder(
  params: LookupOrderParams,
  signal?: AbortSignal,
): Promise<OrderLookupResult> {
  return api.get<OrderLookupResult>(checkoutEndpoints.orderLookup, { ...params }, { signal });
}

export function getLookupOrderQueryOptions(params: LookupOrderParams) {
  return queryOptions({
    queryKey: checkoutKeys.lookup(params.code, params.email),
    queryFn: ({ signal }) => lookupOrder(params, signal),
    staleTime: 0,
  });
}

/** Runs once the form was submitted (`params` set). */
export function useLookupOrder(params: LookupOrderParams | null) {
  return useQuery({
    ...getLookupOrderQueryOptions(params ?? { code: '', email: '' }),
    enabled: params !== null,
  });
}
