import { api } from '@/lib/api-client';
import { orderEndpoints, type AdminOrderDetail } from './types';
import { useOrderMutation } from './use-order-mutation';

export interface ReplaceCodesBody {
  id: string;
  itemId: string;
  /** 1..the item's quantity. */
  quantity: number;
  reason: string;
}

/** POST admin Order/ReplaceCodes: new codes delivered free, marked `replacement` (completed orders). */
export function replaceCodes(body: ReplaceCodesBody): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(orderEndpoints.replaceCodes, body);
}

export function useReplaceCodes() {
  return useOrderMutation(replaceCodes);
}
