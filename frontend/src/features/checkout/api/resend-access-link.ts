import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import {
  checkoutEndpoints,
  type ResendAccessLinkPayload,
  type ResendAccessLinkResult,
} from './types';

/**
 * POST web Order/ResendAccessLink: when the code and e-mail match an order, a fresh link
 * goes to the order's e-mail. The answer is the same either way; the shop limits how
 * often (per order, and the gateway per client).
 */
export function resendAccessLink(
  payload: ResendAccessLinkPayload,
): Promise<ResendAccessLinkResult> {
  return api.post<ResendAccessLinkResult>(checkoutEndpoints.resendAccessLink, payload);
}

export function useResendAccessLink() {
  return useMutation({ mutationFn: resendAccessLink });
}
