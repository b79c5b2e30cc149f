import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { paymentProviderEndpoints, paymentProvidersKeys, type PaymentProvider } from './types';

/** GET admin PaymentProvider/Read?id= (staff may read). */
export function getPaymentProvider(id: string, signal?: AbortSignal): Promise<PaymentProvider> {
  return api.get<PaymentProvider>(paymentProviderEndpoints.read, { id }, { signal });
}

export function getPaymentProviderQueryOptions(id: string) {
  return queryOptions({
    queryKey: paymentProvidersKeys.detail(id),
    queryFn: ({ signal }) => getPaymentProvider(id, signal),
  });
}

export function usePaymentProvider(id: string | null) {
  return useQuery({ ...getPaymentProviderQueryOptions(id ?? ''), enabled: Boolean(id) });
}
