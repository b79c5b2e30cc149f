import { api } from '@/lib/api-client';
import { orderEndpoints } from './types';
import { useOrderMutation } from './use-order-mutation';

/** POST admin Order/RegenerateAccessLink: a new link for the customer; the old one stops working. */
export function regenerateAccessLink(id: string): Promise<{ url: string }> {
  return api.post<{ url: string }>(orderEndpoints.regenerateAccessLink, { id });
}

export function useRegenerateAccessLink() {
  return useOrderMutation(regenerateAccessLink);
}
