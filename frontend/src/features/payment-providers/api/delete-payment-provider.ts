import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { paymentProviderEndpoints, paymentProvidersKeys } from './types';

/** DELETE admin PaymentProvider/Delete?id= (admin only; a soft delete: old orders keep their snapshot). */
export function deletePaymentProvider(id: string): Promise<boolean> {
  return api.delete<boolean>(paymentProviderEndpoints.delete, { id });
}

export function useDeletePaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentProvidersKeys.all }),
  });
}
