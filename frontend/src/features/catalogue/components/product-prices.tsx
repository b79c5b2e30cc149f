import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { strings } from '@/i18n/vi-shop';
import { formatMoney } from '@/lib/format';

interface ProductPricesProps {
  price: number;
  originalPrice: number | null;
  /** Greyed out (out of stock). */
  disabled: boolean;
  /** The grid's card or the product's own page: sizes and test ids follow. */
  place: 'card' | 'page';
}

/** The price, and the original price struck through when it is higher, each named for screen readers. */
export function ProductPrices({ price, originalPrice, disabled, place }: ProductPricesProps) {
  const t = strings.storefront;
  const page = place === 'page';
  const showOriginal = originalPrice !== null && originalPrice > price;
  return (
    <Stack
      direction="row"
      spacing={page ? 1.5 : 1}
      sx={{ alignItems: 'baseline', flexWrap: 'wrap', mt: page ? 0 : 'auto' }}
    >
      <Typography
        variant={page ? 'h5' : 'h6'}
        component="p"
        color={disabled ? 'text.secondary' : 'primary'}
        sx={{ fontWeight: 700 }}
        data-testid={`product-${place}-price`}
      >
        <Box component="span" sx={visuallyHidden}>
          {t.price}:{' '}
        </Box>
        {formatMoney(price)}
      </Typography>
      {showOriginal && (
        <Typography
          variant={page ? 'body1' : 'body2'}
          color="text.secondary"
          component="p"
          data-testid={`product-${place}-original-price`}
        >
          <Box component="span" sx={visuallyHidden}>
            {t.originalPrice}:{' '}
          </Box>
          <s>{formatMoney(originalPrice)}</s>
        </Typography>
      )}
    </Stack>
  );
}
