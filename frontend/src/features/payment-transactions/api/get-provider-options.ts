import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Paginated } from '@/lib/api/envelope';
import { transactionEndpoints, transactionsKeys, type ProviderOption } from './types';

/** GET admin PaymentProvider/Pagination (one page of 100, by name): the provider filter's choices. */
export async function getProviderOptions(signal?: AbortSignal): Promise<ProviderOption[]> {
  const page = await api.get<Paginated<ProviderOption>>(
    transactionEndpoints.providers,
    { pageIndex: 1, pageSize: 100, sortBy: 'name', sortDir: 'asc' },
    { signal },
  );
  return page.items.map(({ id, name }) => ({ id, name }));
}

export function getProviderOptionsQueryOptions() {
  return queryOptions({
    queryKey: transactionsKeys.providerOptions,
    queryFn: ({ signal }) => getProviderOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProviderOptions() {
  return useQuery(getProviderOptionsQueryOptions());
}
