import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi-shop';
import type { CatalogueProduct } from '../api/types';
import { ProductPrices } from './product-prices';
import { StockBadge, stockBadge } from './stock-badge';

const lineClamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

interface ProductCardProps {
  product: CatalogueProduct;
  /** Opens the buy-now dialog; without it the card has no buy button. */
  onBuy?: (product: CatalogueProduct) => void;
  /** The grid's first card: its image is likely the page's largest paint, so it loads at once and first. */
  priority?: boolean;
}

/** One product of the storefront grid: its image and name open its page; with its buy-now button. Memoised: a grid re-render (more pages, a search) redraws only the new cards. */
export const ProductCard = memo(function ProductCard({
  product,
  onBuy,
  priority = false,
}: ProductCardProps) {
  const badge = stockBadge(product.stockLevel, product.inStock);
  const t = strings.storefront;
  const href = paths.product.of(product.slug);

  return (
    <Card
      variant="outlined"
      component="article"
      aria-disabled={badge.disabled || undefined}
      aria-label={product.name}
      data-testid="product-card"
      data-stock-level={badge.level}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        opacity: badge.disabled ? 0.6 : 1,
        bgcolor: badge.disabled ? 'action.hover' : 'background.paper',
      }}
    >
      <Box
        component={RouterLink}
        to={href}
        // The name below is the keyboard's way in; the image repeats it for the pointer.
        tabIndex={-1}
        aria-label={t.openProductLabel(product.name)}
        sx={{
          position: 'relative',
          display: 'block',
          aspectRatio: '4 / 3',
          bgcolor: 'action.hover',
          overflow: 'hidden',
        }}
        data-testid="product-card-image-link"
      >
        {product.imageUrl ? (
          <Box
            component="img"
            src={product.imageUrl}
            alt={product.name}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              display: 'block',
              filter: badge.disabled ? 'grayscale(1)' : 'none',
            }}
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
            data-testid="product-card-placeholder"
          >
            <ImageOutlined sx={{ fontSize: 56 }} titleAccess={t.noImage} />
          </Box>
        )}
        <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
          <StockBadge model={badge} />
        </Box>
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere', ...lineClamp(2) }}
          data-testid="product-card-name"
        >
          <Box
            component={RouterLink}
            to={href}
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              '&:hover': { textDecoration: 'underline' },
            }}
            data-testid="product-card-link"
          >
            {product.name}
          </Box>
        </Typography>
        {product.summary && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere', ...lineClamp(2) }}
          >
            {product.summary}
          </Typography>
        )}
        <ProductPrices
          price={product.price}
          originalPrice={product.originalPrice}
          disabled={badge.disabled}
          place="card"
        />
        {onBuy && (
          <Button
            variant="contained"
            fullWidth
            startIcon={<ShoppingCartOutlined />}
            disabled={badge.disabled}
            onClick={() => onBuy(product)}
            aria-label={t.buyNowLabel(product.name)}
            data-testid="product-card-buy"
          >
            {t.buyNow}
          </Button>
        )}
      </CardContent>
    </Card>
  );
});
