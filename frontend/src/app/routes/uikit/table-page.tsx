import { useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FilterBar, SearchField } from '@/components/ui/filter-bar';
import { ProductsTable, type ProductsSort } from '@/features/products/components/products-table';
import { uikit } from '@/i18n/vi/guide';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useTablePage } from '@/lib/hooks/use-table-page';
import { pageOf, sampleProducts } from './sample-data';
import { DemoBlock, SampleBadge, UikitPage } from './uikit-frame';

/** A made-up server: pages, searches and sorts the sample after a short wait. */
function useSampleProducts(query: Parameters<typeof pageOf>[1]) {
  const rows = useMemo(() => sampleProducts(), []);
  return useQuery({
    queryKey: ['uikit', 'sample-products', query],
    queryFn: () =>
      new Promise<ReturnType<typeof pageOf>>((resolve) =>
        setTimeout(() => resolve(pageOf(rows, query)), 300),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `/uikit/table`: the products screen's table with server-style pagination over sample data. */
export function TablePage() {
  const { page, firstPage, pageProps } = useTablePage();
  const [sort, setSort] = useState<ProductsSort | null>(null);
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword.trim());
  const products = useSampleProducts({ ...page, keyword: debounced, sort });
  const report = (message: string) => showToast({ severity: 'info', message });

  return (
    <UikitPage section="table">
      <DemoBlock title={uikit.sections.table.title}>
        <Typography
          variant="body2"
          color="text.secondary"
          component="div"
          sx={{ mb: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <SampleBadge />
          {uikit.table.help}
        </Typography>
        <FilterBar>
          <SearchField
            label={uikit.input.keyword}
            placeholder={uikit.input.keywordPlaceholder}
            value={keyword}
            onChange={(value) => {
              setKeyword(value);
              firstPage();
            }}
            testId="demo-table-keyword"
          />
        </FilterBar>
        <ProductsTable
          data={products.data}
          isFetching={products.isFetching}
          error={products.error}
          onRetry={() => void products.refetch()}
          {...pageProps}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            firstPage();
          }}
          onEdit={(product) => report(uikit.table.edited(product.name))}
          onDelete={(product) => report(uikit.table.deleted(product.name))}
        />
      </DemoBlock>
    </UikitPage>
  );
}
