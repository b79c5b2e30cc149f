import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { vi } from '@/i18n/vi';
import { useShopIdentity } from './use-shop-identity';

export function HomeRoute() {
  const { shopName, tagline } = useShopIdentity();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="storefront-home">
      <StorefrontOutlined color="primary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ mt: 1, fontWeight: 700 }}>
        {vi.storefront.homeTitle(shopName)}
      </Typography>
      {tagline && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 1 }}>
          {tagline}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {vi.storefront.homeComingSoon}
      </Typography>
    </Paper>
  );
}
