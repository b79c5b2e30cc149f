import { useLocation, useSearchParams } from 'react-router-dom';
import { orderTokenFromHash } from '@/config/paths';
import { CustomerOrderPage } from '@/features/checkout/components/customer-order-page';
import { useShopIdentity } from './use-shop-identity';

/**
 * `/order-detail?code=...#token=...`: the token is read from the fragment (never sent to
 * a server in a URL) and travels only in the X-Order-Token header.
 */
export function OrderDetailRoute() {
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const { socialUrl } = useShopIdentity();
  const code = searchParams.get('code')?.trim().toUpperCase() || null;
  return <CustomerOrderPage code={code} token={orderTokenFromHash(hash)} socialUrl={socialUrl} />;
}
