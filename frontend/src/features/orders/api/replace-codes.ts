import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/schemas';
import { orderEndpoints, type AdminOrderDetail } from './types';
import { useOrderMutation } from './use-order-mutation';

/** `quantity`: 1..the item's quantity. */
export type ReplaceCodesBody = ApiSchema<'OrderReplaceCodes'>;

/** POST admin Order/ReplaceCodes: new codes delivered free, marked `replacement` (completed orders). */
export function replaceCodes(body: ReplaceCodesBody): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(orderEndpoints.replaceCodes, body);
}

export function useReplaceCodes() {
  return useOrderMutation(replaceCodes);
}
