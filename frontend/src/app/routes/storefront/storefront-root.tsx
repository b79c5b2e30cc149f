import { Outlet } from 'react-router-dom';
import { StorefrontLayout } from '@/components/layouts/storefront';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useShopIdentity } from './use-shop-identity';

export function StorefrontRoot() {
  const { shopName, logoUrl, socialUrl } = useShopIdentity();
  useDocumentTitle(shopName);
  return (
    <StorefrontLayout shopName={shopName} logoUrl={logoUrl} socialUrl={socialUrl}>
      <Outlet />
    </StorefrontLayout>
  );
}
