import { useQuery } from '@tanstack/react-query';
import { pagedListQueryOptions, type PageParams } from '@/lib/api/paged-list-query';
import {
  paymentProviderEndpoints,
  paymentProvidersKeys,
  type PaymentProvider,
  type PaymentProviderSortField,
  type PaymentProviderType,
  type SortDirection,
} from './types';

export interface GetPaymentProvidersParams extends PageParams {
  keyword?: string;
  type?: PaymentProviderType;
  isActive?: boolean;
  sortBy?: PaymentProviderSortField;
  sortDir?: SortDirection;
}

/** GET admin PaymentProvider/Pagination (staff may read). */
export function usePaymentProviders(params: GetPaymentProvidersParams) {
  return useQuery(
    pagedListQueryOptions<PaymentProvider>(
      paymentProvidersKeys.adminList(params),
      paymentProviderEndpoints.pagination,
      params,
    ),
  );
}
