import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { appConfigurationKeys } from '@/features/app-configuration/api/types';
import { seedCatalogue } from '@/features/catalogue/api/initial-data';

/** The element the gateway writes a page's first data into (gateway/src/page_meta/render.rs). */
export const INITIAL_DATA_ID = 'shop-initial-data';

interface InitialData {
  path: string;
  updatedAt: number;
  configuration?: unknown;
  catalogue?: unknown;
  product?: unknown;
}

/** The page's first data, read once: the element is removed, so later navigations fetch. */
export function takeInitialData(doc: Document = document): InitialData | null {
  const element = doc.getElementById(INITIAL_DATA_ID);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as unknown;
    if (!data || typeof data !== 'object') return null;
    const { path, updatedAt } = data as Partial<InitialData>;
    if (typeof path !== 'string' || typeof updatedAt !== 'number') return null;
    return data as InitialData;
  } catch {
    return null;
  }
}

/**
 * Puts the HTML's first data into the query cache before the first render, so the page
 * paints without waiting for the API. The data keeps the time the gateway read it (never
 * later than now, whatever this device's clock says), and each seeded query is marked
 * for one refresh in the background on first use: the HTML may be a few seconds old.
 */
export function seedInitialData(
  client: QueryClient,
  { pathname }: Pick<Location, 'pathname'>,
  doc: Document = document,
): void {
  const data = takeInitialData(doc);
  if (!data || data.path !== pathname) return;
  const updatedAt = Math.min(data.updatedAt, Date.now());
  const seeded: QueryKey[] = [];
  if (data.configuration && typeof data.configuration === 'object') {
    client.setQueryData(appConfigurationKeys.web, data.configuration, { updatedAt });
    seeded.push(appConfigurationKeys.web);
  }
  seeded.push(...seedCatalogue(client, data, pathname, updatedAt));
  for (const queryKey of seeded)
    void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
