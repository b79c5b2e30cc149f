import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Paginated } from '@/lib/api/envelope';
import type { PageParams } from '@/lib/api/paged-list-query';
import { searchSerialCodes } from './search-serial-codes';
import {
  serialCodeEndpoints,
  serialCodesKeys,
  type SerialCode,
  type SerialCodeStatus,
} from './types';

export interface GetSerialCodesParams extends PageParams {
  productId?: string;
  status?: SerialCodeStatus;
  /** An order code, or an exact serial code. */
  keyword?: string;
}

/** `DH` + 8 Crockford base32 characters, any case (the server's order-code rule). */
const ORDER_CODE = /^DH[0-9A-HJKMNP-TV-Z]{8}$/i;

export function isOrderCode(keyword: string): boolean {
  return ORDER_CODE.test(keyword.trim());
}

/**
 * The admin code list. An order code goes to GET Pagination as `keyword`; any other
 * keyword is a serial code, looked up with POST Search so that the clear code stays out of
 * URLs (access logs, proxies, browser history). The few matches of a search are filtered by
 * status and paged here.
 */
export async function getSerialCodes(
  params: GetSerialCodesParams,
  signal?: AbortSignal,
): Promise<Paginated<SerialCode>> {
  const { keyword, ...rest } = params;
  if (!keyword || isOrderCode(keyword)) {
    return api.get<Paginated<SerialCode>>(
      serialCodeEndpoints.pagination,
      { ...rest, keyword },
      { signal },
    );
  }
  const found = await searchSerialCodes({ code: keyword, productId: params.productId }, signal);
  const items = found.items.filter((code) => !params.status || code.status === params.status);
  const start = (params.pageIndex - 1) * params.pageSize;
  return {
    items: items.slice(start, start + params.pageSize),
    totalCount: items.length,
    pageIndex: params.pageIndex,
    pageSize: params.pageSize,
  };
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
