import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import {
  paymentProviderEndpoints,
  paymentProvidersKeys,
  type PaymentProvider,
  type PaymentProviderPayload,
} from './types';

/** POST admin PaymentProvider/Create (admin only). */
export function createPaymentProvider(payload: PaymentProviderPayload): Promise<PaymentProvider> {
  return api.post<PaymentProvider>(paymentProviderEndpoints.create, payload);
}

export function useCreatePaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentProvidersKeys.all }),
  });
}
