import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paginated } from '@/lib/api-types';
import { serialCodeEndpoints, serialCodesKeys, type SerialCode, type SerialCodeStatus } from './types';

export interface GetSerialCodesParams {
  pageIndex: number;
  pageSize: number;
  productId?: string;
  status?: SerialCodeStatus;
  /** An exact serial code or an order code. */
  keyword?: string;
}

/** GET admin ProductSerialCode/Pagination. */
export function getSerialCodes(params: GetSerialCodesParams, signal?: AbortSignal): Promise<Paginated<SerialCode>> {
  return api.get<Paginated<SerialCode>>(serialCodeEndpoints.pagination, { ...params }, { signal });
}

export function getSerialCodesQueryOptions(params: GetSerialCodesParams) {
  return queryOptions({
    queryKey: serialCodesKeys.list(params),
    queryFn: ({ signal }) => getSerialCodes(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSerialCodes(params: GetSerialCodesParams) {
  return useQuery(getSerialCodesQueryOptions(params));
}
