import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigurationKeys } from '@/features/app-configuration/api/types';
import { catalogueKeys } from '@/features/catalogue/api/types';
import { INITIAL_DATA_ID, seedInitialData } from './initial-data';

/** The element as the gateway writes it (its `<` escaped as `\u003c`). */
function writeInitialData(data: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ID;
  script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  document.head.append(script);
}

const product = {
  id: 'p1',
  name: '</script><b>Thẻ</b>',
  slug: 'the-a',
  price: 30000,
  canonicalSlug: 'the-a',
};
const configuration = { shopName: 'Shop', shopTagline: 'Nhanh' };

afterEach(() => document.getElementById(INITIAL_DATA_ID)?.remove());

describe('seedInitialData', () => {
  it('starts a product page from the HTML, once, with the time the gateway read it, refreshed in the background', () => {
    const client = new QueryClient();
    const updatedAt = Date.now() - 2_000;
    writeInitialData({ path: '/san-pham/the-a', updatedAt, product, configuration });
    seedInitialData(client, { pathname: '/san-pham/the-a' });

    expect(client.getQueryData(catalogueKeys.product('the-a'))).toEqual(product);
    expect(client.getQueryData(appConfigurationKeys.web)).toEqual(configuration);
    const state = client.getQueryState(catalogueKeys.product('the-a'));
    expect(state?.dataUpdatedAt).toBe(updatedAt);
    expect(state?.isInvalidated).toBe(true);
    // Consumed: a later start finds nothing.
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull();
  });

  it('gives the home its first catalogue page as an infinite query', () => {
    const client = new QueryClient();
    const page = { items: [product], totalCount: 1, pageIndex: 1, pageSize: 12 };
    writeInitialData({ path: '/', updatedAt: Date.now() + 3_600_000, catalogue: page });
    seedInitialData(client, { pathname: '/' });
    expect(client.getQueryData(catalogueKeys.list({ keyword: '' }))).toEqual({
      pages: [page],
      pageParams: [1],
    });
    // A device clock behind the server's never makes the data look newer than now.
    expect(
      client.getQueryState(catalogueKeys.list({ keyword: '' }))?.dataUpdatedAt,
    ).toBeLessThanOrEqual(Date.now());
  });

  it('ignores data for another page and a broken element', () => {
    const client = new QueryClient();
    writeInitialData({ path: '/san-pham/the-a', updatedAt: Date.now(), product });
    seedInitialData(client, { pathname: '/san-pham/the-b' });
    expect(client.getQueryCache().getAll()).toHaveLength(0);

    const broken = document.createElement('script');
    broken.type = 'application/json';
    broken.id = INITIAL_DATA_ID;
    broken.textContent = '{not json';
    document.head.append(broken);
    seedInitialData(client, { pathname: '/' });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
