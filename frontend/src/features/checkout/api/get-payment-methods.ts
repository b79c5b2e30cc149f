import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { checkoutEndpoints, checkoutKeys, type PaymentMethod } from './types';

/** GET web PaymentProvider/ListPaymentProviders: active providers by `sortOrder`. */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const list = await api.get<PaymentMethod[]>(checkoutEndpoints.paymentMethods, undefined, {
    signal,
  });
  return Array.isArray(list) ? list : [];
}

export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: checkoutKeys.paymentMethods,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 60_000,
  });
}

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...getPaymentMethodsQueryOptions(), enabled });
}
