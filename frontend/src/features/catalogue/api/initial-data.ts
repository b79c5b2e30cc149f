import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Paginated } from '@/lib/api/envelope';
import { normaliseCataloguePage } from './get-catalogue-products';
import { catalogueKeys, type CatalogueProduct, type ProductPage } from './types';

/**
 * The catalogue's first data from the page's HTML (the gateway writes the answers the
 * browser would have asked for): the home's first page, a product page's product. The
 * screens' queries start from it, with the time the gateway read it. Returns the keys seeded.
 */
export function seedCatalogue(
  client: QueryClient,
  data: { catalogue?: unknown; product?: unknown },
  pathname: string,
  updatedAt: number,
): QueryKey[] {
  const seeded: QueryKey[] = [];
  if (data.catalogue && typeof data.catalogue === 'object') {
    const page = normaliseCataloguePage(data.catalogue as Paginated<CatalogueProduct>);
    client.setQueryData<InfiniteData<Paginated<CatalogueProduct>, number>>(
      catalogueKeys.list({ keyword: '' }),
      { pages: [page], pageParams: [1] },
      { updatedAt },
    );
    seeded.push(catalogueKeys.list({ keyword: '' }));
  }
  const product = data.product as ProductPage | undefined;
  if (product && typeof product === 'object' && typeof product.slug === 'string') {
    // The route's slug is the address's (the gateway sends an old slug on to the current one).
    const slug = decodeURIComponent(pathname.replace(/^\/san-pham\//, ''));
    if (slug && slug === product.slug) {
      client.setQueryData(catalogueKeys.product(slug), product, { updatedAt });
      seeded.push(catalogueKeys.product(slug));
    }
  }
  return seeded;
}
