import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Catalogue } from '@/features/catalogue/components/catalogue';
import { useShopIdentity } from './use-shop-identity';

export function HomeRoute() {
  const { shopName, tagline } = useShopIdentity();
  return (
    <Box data-testid="storefront-home">
      <Box component="header" sx={{ mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' }, wordBreak: 'break-word' }}>
          {shopName}
        </Typography>
        {tagline && (
          <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 0.5 }} data-testid="shop-tagline">
            {tagline}
          </Typography>
        )}
      </Box>
      <Catalogue />
    </Box>
  );
}
