import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { SafeMarkdown } from '@/components/markdown/safe-markdown';
import { strings } from '@/i18n/vi-shop';
import { formatNumber } from '@/lib/format';
import type { ProductPage } from '../api/types';
import { ProductPrices } from './product-prices';
import { StockBadge, stockBadge } from './stock-badge';

interface ProductDetailsProps {
  product: ProductPage;
  /** Opens the buy-now dialog. */
  onBuy: (product: ProductPage) => void;
}

/** A product's own page: image, name, prices, stock level, limits, 'Mua ngay' and its description (Markdown, without raw HTML). */
export function ProductDetails({ product, onBuy }: ProductDetailsProps) {
  const t = strings.storefront;
  const badge = stockBadge(product.stockLevel, product.inStock);

  return (
    <Box component="article" data-testid="product-page" data-stock-level={badge.level}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        }}
      >
        <Box
          sx={{
            aspectRatio: '4 / 3',
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          {product.imageUrl ? (
            <Box
              component="img"
              src={product.imageUrl}
              alt={product.name}
              fetchPriority="high"
              decoding="async"
              sx={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                display: 'block',
                filter: badge.disabled ? 'grayscale(1)' : 'none',
              }}
              data-testid="product-page-image"
            />
          ) : (
            <Box
              sx={{
                width: '100%',
                height: '100%',
                display: 'grid',
                placeItems: 'center',
                color: 'text.disabled',
              }}
            >
              <ImageOutlined sx={{ fontSize: 72 }} titleAccess={t.noImage} />
            </Box>
          )}
        </Box>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{
              fontWeight: 700,
              fontSize: { xs: '1.5rem', sm: '2rem' },
              overflowWrap: 'anywhere',
            }}
          >
            {product.name}
          </Typography>
          {product.summary && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {product.summary}
            </Typography>
          )}
          <Box>
            <StockBadge model={badge} />
          </Box>
          <ProductPrices
            price={product.price}
            originalPrice={product.originalPrice}
            disabled={badge.disabled}
            place="page"
          />
          <Typography variant="body2" color="text.secondary" data-testid="product-page-limits">
            {t.product.limits(formatNumber(product.minPerOrder), formatNumber(product.maxPerOrder))}
          </Typography>
          <Box>
            <Button
              variant="contained"
              size="large"
              startIcon={<ShoppingCartOutlined />}
              disabled={badge.disabled}
              onClick={() => onBuy(product)}
              aria-label={t.buyNowLabel(product.name)}
              data-testid="product-page-buy"
            >
              {t.buyNow}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Box
        component="section"
        sx={{ mt: { xs: 3, md: 4 } }}
        aria-labelledby="product-description-heading"
      >
        <Typography
          id="product-description-heading"
          variant="h6"
          component="h2"
          sx={{ fontWeight: 700, mb: 1 }}
        >
          {t.product.description}
        </Typography>
        {product.description ? (
          <SafeMarkdown source={product.description} testId="product-page-description" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t.product.noDescription}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
