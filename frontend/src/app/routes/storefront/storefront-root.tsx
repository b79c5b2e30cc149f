import { Outlet } from 'react-router-dom';
import { StorefrontLayout } from '@/components/layouts/storefront';
import { useGoogleAnalytics } from '@/lib/analytics';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { useShopIdentity } from './use-shop-identity';

/**
 * The storefront shell. Analytics runs here only: the back office keeps its bearer token
 * in local storage, and no third-party script is loaded next to it.
 */
export function StorefrontRoot() {
  const { shopName, logoUrl, socialUrl, analyticsId, description, contact } = useShopIdentity();
  useDocumentTitle(shopName);
  useMetaDescription(description);
  useGoogleAnalytics(analyticsId);
  return (
    <StorefrontLayout shopName={shopName} logoUrl={logoUrl} socialUrl={socialUrl} contact={contact}>
      <Outlet />
    </StorefrontLayout>
  );
}
