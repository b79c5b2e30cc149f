import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { paymentProviderEndpoints, paymentProvidersKeys, type TestWebhookResult } from './types';

/**
 * POST admin PaymentProvider/TestWebhook ("Gửi thử", admin and staff): the service posts a
 * signed test delivery to the provider's webhook; it is stored as a test, never as money.
 * A refusal by the webhook is an answer (`accepted: false` with its `outcome`), not an error.
 */
export function testPaymentProviderWebhook(id: string): Promise<TestWebhookResult> {
  return api.post<TestWebhookResult>(paymentProviderEndpoints.testWebhook, { id });
}

export function useTestPaymentProviderWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testPaymentProviderWebhook,
    // The provider's last-call line changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentProvidersKeys.all }),
  });
}
