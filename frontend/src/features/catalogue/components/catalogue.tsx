import { lazy, memo, Suspense, useDeferredValue, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchParams } from 'react-router-dom';
import { strings } from '@/i18n/vi-shop';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import {
  CATALOGUE_KEYWORD_PARAM as KEYWORD_PARAM,
  CATALOGUE_PAGE_SIZE,
  useCatalogueProducts,
} from '../api/get-catalogue-products';
import type { CatalogueProduct } from '../api/types';
import { ProductCard } from './product-card';

const KEYWORD_MAX_LENGTH = 100;

// MUI's Alert loads only when the list fails, not with every visit.
const CatalogueLoadError = lazy(async () => ({
  default: (await import('./catalogue-load-error')).CatalogueLoadError,
}));

/** One column on phones, then 2, 3 and 4. */
const GRID_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: { xs: 2, md: 3 },
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

/** The storefront's product list: search (kept in `?keyword=`), grid, "Xem thêm". */
export const Catalogue = memo(function Catalogue({
  onBuy,
}: {
  onBuy?: (product: CatalogueProduct) => void;
}) {
  const t = strings.storefront;
  const [searchParams, setSearchParams] = useSearchParams();
  const [input, setInput] = useState(() => searchParams.get(KEYWORD_PARAM) ?? '');
  const keyword = useDebouncedValue(input.trim(), 400);
  const products = useCatalogueProducts(keyword);

  // The search survives a reload, without a history entry per letter.
  const urlKeyword = searchParams.get(KEYWORD_PARAM) ?? '';
  useEffect(() => {
    if (urlKeyword === keyword) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (keyword) next.set(KEYWORD_PARAM, keyword);
        else next.delete(KEYWORD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [keyword, urlKeyword, setSearchParams]);

  // The query's answer arrives as an urgent update, which React renders in one go; the grid
  // follows as a deferred render that yields to the browser between cards, so a slow phone
  // stays responsive while a page of products is drawn.
  const data = useDeferredValue(products.data);
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages.at(-1)?.totalCount ?? 0;
  const pending = products.isPending || (products.isSuccess && data === undefined);

  return (
    <Stack spacing={3}>
      {/* The pieces of a TextField without its select mode: the storefront's first load
          carries no Menu or Popover. */}
      <FormControl fullWidth size="small" variant="outlined">
        <InputLabel htmlFor="catalogue-search">{t.searchLabel}</InputLabel>
        <OutlinedInput
          id="catalogue-search"
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          type="search"
          inputProps={{
            'data-testid': 'product-search',
            maxLength: KEYWORD_MAX_LENGTH,
            enterKeyHint: 'search',
          }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </FormControl>

      {products.isError && (
        <Suspense fallback={null}>
          <CatalogueLoadError onRetry={() => void products.refetch()} />
        </Suspense>
      )}

      {pending ? (
        <Box component="ul" sx={GRID_SX} aria-busy="true" aria-label={strings.app.loading}>
          {Array.from({ length: CATALOGUE_PAGE_SIZE / 2 }, (_, i) => (
            <Box component="li" key={i}>
              <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
              <Skeleton width="80%" sx={{ mt: 1 }} />
              <Skeleton width="40%" />
            </Box>
          ))}
        </Box>
      ) : (
        products.isSuccess &&
        (items.length === 0 ? (
          <Typography
            color="text.secondary"
            sx={{ py: 4, textAlign: 'center' }}
            data-testid="catalogue-empty"
          >
            {keyword ? t.noResults(keyword) : t.empty}
          </Typography>
        ) : (
          <>
            <Box
              component="ul"
              sx={{
                ...GRID_SX,
                opacity: products.isPlaceholderData ? 0.6 : 1,
                transition: 'opacity 150ms',
              }}
              aria-label={t.productsLabel}
              aria-busy={products.isPlaceholderData || undefined}
              data-testid="product-grid"
            >
              {items.map((product, index) => (
                <Box component="li" key={product.id} sx={{ minWidth: 0 }}>
                  <ProductCard product={product} onBuy={onBuy} priority={index === 0} />
                </Box>
              ))}
            </Box>
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {t.shownOf(formatNumber(items.length), formatNumber(total))}
              </Typography>
              {products.hasNextPage && (
                <Button
                  variant="outlined"
                  onClick={() => void products.fetchNextPage()}
                  loading={products.isFetchingNextPage}
                  data-testid="catalogue-load-more"
                >
                  {t.loadMore}
                </Button>
              )}
            </Stack>
          </>
        ))
      )}
    </Stack>
  );
});
