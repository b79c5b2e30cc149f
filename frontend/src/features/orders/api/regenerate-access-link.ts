import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { orderEndpoints, type RegenerateAccessLinkPayload } from './types';
import { useOrderMutation } from './use-order-mutation';

type AccessLink = ApiSchema<'AccessLink'>;

/**
 * POST admin Order/RegenerateAccessLink: a new link for the customer; the old ones stop
 * working. `sendEmail: true` also e-mails a new link to the order's address.
 */
export function regenerateAccessLink({
  id,
  sendEmail,
}: RegenerateAccessLinkPayload): Promise<AccessLink> {
  return api.post<AccessLink>(
    orderEndpoints.regenerateAccessLink,
    sendEmail ? { id, sendEmail: true } : { id },
  );
}

export function useRegenerateAccessLink() {
  return useOrderMutation(regenerateAccessLink);
}
