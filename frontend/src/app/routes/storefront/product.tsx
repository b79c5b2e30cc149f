import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { paths } from '@/config/paths';
import { isProductNotFound, useProductPage } from '@/features/catalogue/api/get-product-page';
import type { ProductPage } from '@/features/catalogue/api/types';
import { ProductDetails } from '@/features/catalogue/components/product-details';
import { strings } from '@/i18n/vi-shop';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { excerpt, type PageMeta, shareImage, usePageMeta } from '@/lib/hooks/use-page-meta';
import { preloadOrderDetail } from './load-order-detail';
import { useShopIdentity } from './use-shop-identity';

// The same dialog as the grid's, in its own chunk: loaded when a visitor first presses 'Mua ngay'.
const BuyNowDialog = lazy(async () => ({
  default: (await import('@/features/checkout/components/buy-now-dialog')).BuyNowDialog,
}));

/** `/san-pham/:slug`: one product, bought from here with the grid's dialog. */
export function ProductRoute() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { shopName, logoUrl } = useShopIdentity();
  const t = strings.storefront.product;
  const page = useProductPage(slug);
  const product = page.data;
  const notFound = page.isError && isProductNotFound(page.error);
  const [open, setOpen] = useState(false);

  useDocumentTitle(product?.name ?? (notFound ? t.notFoundTitle : shopName));
  usePageMeta(product ? productMeta(product, logoUrl) : null);

  // A link from before a rename: the product answers with its current slug, and the
  // address follows it without a history entry (Back still leaves the page).
  const canonical = product?.canonicalSlug;
  useEffect(() => {
    if (canonical && canonical !== slug)
      void navigate(paths.product.of(canonical), { replace: true });
  }, [canonical, slug, navigate]);

  const onBuy = useCallback(() => {
    preloadOrderDetail();
    setOpen(true);
  }, []);

  if (notFound) return <ProductNotFound />;
  if (page.isError) {
    return (
      <LoadErrorAlert onRetry={() => void page.refetch()}>
        {strings.storefront.product.loadError}
      </LoadErrorAlert>
    );
  }
  if (!product) return <ProductSkeleton />;
  return (
    <>
      <ProductDetails product={product} onBuy={onBuy} />
      <BuyNow product={product} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The tags the gateway writes for this product, for a page reached inside the app. */
function productMeta(product: ProductPage, logoUrl: string | null): PageMeta {
  const description =
    [product.summary, product.description]
      .map((text) => (text ? excerpt(text) : ''))
      .find((text) => text !== '') ?? `${product.name} – ${vnd(product.price)}`;
  return {
    title: product.name,
    description,
    url: `${window.location.origin}${paths.product.of(product.slug)}`,
    image: shareImage(product.imageUrl, logoUrl),
    type: 'product',
  };
}

/** `1234567` as the gateway writes it: `1.234.567 ₫`. */
function vnd(amount: number): string {
  const digits = String(Math.abs(Math.trunc(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}${digits} ₫`;
}

function BuyNow({
  product,
  open,
  onClose,
}: {
  product: ProductPage;
  open: boolean;
  onClose: () => void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  // Mounted on first use only, then kept so that it can fade out.
  if (!mounted && !open) return null;
  return (
    <Suspense fallback={null}>
      <BuyNowDialog open={open} product={product} onClose={onClose} />
    </Suspense>
  );
}

function ProductSkeleton() {
  return (
    <Box aria-busy="true" aria-label={strings.app.loading} data-testid="product-page-loading">
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        }}
      >
        <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
        <Stack spacing={1}>
          <Skeleton width="70%" height={48} />
          <Skeleton width="40%" />
          <Skeleton width="30%" height={40} />
        </Stack>
      </Box>
    </Box>
  );
}

function ProductNotFound() {
  const t = strings.storefront.product;
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}
      data-testid="product-not-found"
    >
      <SearchOffOutlined sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t.notFoundTitle}
      </Typography>
      <Typography color="text.secondary">{t.notFoundText}</Typography>
      <Button
        component={RouterLink}
        to={paths.home}
        variant="contained"
        data-testid="product-not-found-home"
      >
        {t.backHome}
      </Button>
    </Stack>
  );
}
