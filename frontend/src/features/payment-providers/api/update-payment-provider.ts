import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import {
  paymentProviderEndpoints,
  paymentProvidersKeys,
  type PaymentProvider,
  type PaymentProviderPayload,
} from './types';

export type UpdatePaymentProviderPayload = { id: string } & Partial<PaymentProviderPayload>;

/**
 * PUT admin PaymentProvider/Update (admin only): a field left out stays, `null` clears an
 * optional one; `webhookSecret` only when a new one was typed, `null` to remove it.
 */
export function updatePaymentProvider(
  payload: UpdatePaymentProviderPayload,
): Promise<PaymentProvider> {
  return api.put<PaymentProvider>(paymentProviderEndpoints.update, payload);
}

export function useUpdatePaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentProvidersKeys.all }),
  });
}
