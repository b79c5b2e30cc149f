import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serialCodeEndpoints } from './types';

/** POST admin ProductSerialCode/Reveal: the clear code, audited; never cached. */
export function revealSerialCode(id: string): Promise<{ code: string }> {
  return api.post<{ code: string }>(serialCodeEndpoints.reveal, { id });
}

export function useRevealSerialCode() {
  return useMutation({ mutationFn: revealSerialCode });
}
