import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { serialCodeEndpoints } from './types';

type Revealed = ApiSchema<'Revealed'>;

/** POST admin ProductSerialCode/Reveal: the clear code, audited; never cached. */
export function revealSerialCode(id: string): Promise<Revealed> {
  return api.post<Revealed>(serialCodeEndpoints.reveal, { id });
}

export function useRevealSerialCode() {
  return useMutation({ mutationFn: revealSerialCode });
}
