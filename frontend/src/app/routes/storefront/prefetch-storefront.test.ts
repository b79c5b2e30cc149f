import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getAppConfigurationQueryOptions } from '@/features/app-configuration/api/get-app-configuration';
import { getCatalogueProductsQueryOptions } from '@/features/catalogue/api/get-catalogue-products';
import { prefetchStorefront } from './prefetch-storefront';

function spiedClient() {
  const client = new QueryClient();
  const query = vi.spyOn(client, 'prefetchQuery').mockResolvedValue();
  const infinite = vi.spyOn(client, 'prefetchInfiniteQuery').mockResolvedValue();
  const keys = () =>
    [...query.mock.calls, ...infinite.mock.calls].map(([options]) => options.queryKey);
  return { client, keys };
}

describe('prefetchStorefront', () => {
  it('reads the configuration and the home page catalogue, with the search from the URL', () => {
    const { client, keys } = spiedClient();
    prefetchStorefront(client, { pathname: '/', search: '?keyword=%20steam%20' });
    expect(keys()).toEqual([
      getAppConfigurationQueryOptions().queryKey,
      getCatalogueProductsQueryOptions('steam').queryKey,
    ]);
  });

  it('reads only the configuration on the order page', () => {
    const { client, keys } = spiedClient();
    prefetchStorefront(client, { pathname: '/order-detail', search: '?code=DH1' });
    expect(keys()).toEqual([getAppConfigurationQueryOptions().queryKey]);
  });

  it('reads nothing in the back office', () => {
    const { client, keys } = spiedClient();
    prefetchStorefront(client, { pathname: '/admin/products', search: '' });
    expect(keys()).toEqual([]);
  });
});
