import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { paymentProviderEndpoints, paymentProvidersKeys, type Bank } from './types';

/** GET admin PaymentProvider/Banks: the service's built-in list of Vietnamese banks. */
export function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  return api.get<Bank[]>(paymentProviderEndpoints.banks, undefined, { signal });
}

export function getBanksQueryOptions() {
  return queryOptions({
    queryKey: paymentProvidersKeys.banks,
    queryFn: ({ signal }) => getBanks(signal),
    // Built into the service: it only changes with a deployment.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useBanks() {
  return useQuery(getBanksQueryOptions());
}
