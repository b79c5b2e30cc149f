import { lazy, Suspense, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import type { CatalogueProduct } from '@/features/catalogue/api/types';
import { Catalogue } from '@/features/catalogue/components/catalogue';
import { MyOrders } from '@/features/checkout/components/my-orders';
import { excerpt, shareImage, usePageMeta } from '@/lib/hooks/use-page-meta';
import { preloadOrderDetail } from './load-order-detail';
import { useShopIdentity } from './use-shop-identity';

// Its own chunk (the form, its schema and zod): loaded when a visitor first presses 'Mua ngay'.
const BuyNowDialog = lazy(async () => ({
  default: (await import('@/features/checkout/components/buy-now-dialog')).BuyNowDialog,
}));

/** The product stays while the dialog fades out. */
interface BuyState {
  open: boolean;
  product: CatalogueProduct | null;
}

export function HomeRoute() {
  const { shopName, tagline, description, logoUrl } = useShopIdentity();
  // As the gateway writes them for `/`: back from a page reached first (a product), the
  // home's own again.
  usePageMeta({
    title: tagline ? `${shopName} – ${tagline}` : shopName,
    description: excerpt(description),
    url: `${window.location.origin}${paths.home}`,
    image: shareImage(logoUrl),
    type: 'website',
  });
  const [buy, setBuy] = useState<BuyState>({ open: false, product: null });
  // Stable, so the product grid does not render again when the shop's configuration arrives.
  // An order placed in the dialog opens the order page next: its chunk loads meanwhile.
  const onBuy = useCallback((product: CatalogueProduct) => {
    preloadOrderDetail();
    setBuy({ open: true, product });
  }, []);
  return (
    <Box data-testid="storefront-home">
      <Box component="header" sx={{ mb: { xs: 2, sm: 3 } }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{
            fontWeight: 700,
            fontSize: { xs: '1.6rem', sm: '2.125rem' },
            overflowWrap: 'anywhere',
          }}
        >
          {shopName}
        </Typography>
        {tagline && (
          <Typography
            variant="subtitle1"
            component="p"
            color="text.secondary"
            sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
            data-testid="shop-tagline"
          >
            {tagline}
          </Typography>
        )}
      </Box>
      <Stack spacing={3}>
        <MyOrders onOpenIntent={preloadOrderDetail} />
        <Catalogue onBuy={onBuy} />
      </Stack>
      {buy.product && (
        <Suspense fallback={null}>
          <BuyNowDialog
            open={buy.open}
            product={buy.product}
            onClose={() => setBuy((prev) => ({ ...prev, open: false }))}
          />
        </Suspense>
      )}
    </Box>
  );
}
