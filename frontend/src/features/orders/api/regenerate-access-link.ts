import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/schemas';
import { orderEndpoints } from './types';
import { useOrderMutation } from './use-order-mutation';

type AccessLink = ApiSchema<'AccessLink'>;

/** POST admin Order/RegenerateAccessLink: a new link for the customer; the old one stops working. */
export function regenerateAccessLink(id: string): Promise<AccessLink> {
  return api.post<AccessLink>(orderEndpoints.regenerateAccessLink, { id });
}

export function useRegenerateAccessLink() {
  return useOrderMutation(regenerateAccessLink);
}
