import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { StorefrontLayout } from '@/components/layouts/storefront';
import { useGoogleAnalytics } from '@/lib/analytics';
import { useMetaDescription } from '@/lib/hooks/use-meta-description';
import { excerpt } from '@/lib/hooks/use-page-meta';
import type { StorefrontHandle } from './product-handle';
import { useShopIdentity } from './use-shop-identity';

/**
 * The storefront shell. Analytics runs here only: the back office keeps its bearer token
 * in local storage, and no third-party script is loaded next to it.
 */
export function StorefrontRoot() {
  const { shopName, logoUrl, socialUrl, analyticsId, description, contact } = useShopIdentity();
  // A page that names the document (a product) keeps its title: the shell's effect runs
  // after the page's and would overwrite it.
  const ownTitle = useMatches().some((match) =>
    Boolean((match.handle as StorefrontHandle | undefined)?.ownTitle),
  );
  useEffect(() => {
    if (!ownTitle) document.title = shopName;
  }, [shopName, ownTitle]);
  useMetaDescription(ownTitle ? null : excerpt(description));
  useGoogleAnalytics(analyticsId);
  return (
    <StorefrontLayout shopName={shopName} logoUrl={logoUrl} socialUrl={socialUrl} contact={contact}>
      <Outlet />
    </StorefrontLayout>
  );
}
