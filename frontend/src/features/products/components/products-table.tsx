import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import { SortableHeadCell, type TableSort } from '@/components/ui/data-table/sortable-head-cell';
import { strings } from '@/i18n/vi';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { Product, ProductSortField } from '../api/types';
import { ProductRowActions, type ProductActionHandlers } from './product-row-actions';
import { ProductStatusChip } from './product-status-chip';

export type ProductsSort = TableSort<ProductSortField>;

interface ProductsTableProps extends ProductActionHandlers, DataTableQueryProps<Product> {
  sort: ProductsSort | null;
  onSortChange: (sort: ProductsSort) => void;
}

function StockCell({ product }: { product: Product }) {
  const t = strings.products.stock;
  const { available, reserved, sold } = product.stock;
  const low = available <= product.lowStockThreshold;
  const item = (label: string, value: number, testId: string, color?: string) => (
    <Box
      component="span"
      sx={{
        whiteSpace: 'nowrap',
        display: 'flex',
        justifyContent: 'space-between',
        gap: 1,
        lineHeight: 1.4,
      }}
    >
      <Typography component="span" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="span"
        variant="caption"
        sx={{ fontWeight: 700, color }}
        data-testid={testId}
      >
        {formatNumber(value)}
      </Typography>
    </Box>
  );
  return (
    <Stack
      spacing={0}
      aria-label={t.summary(formatNumber(available), formatNumber(reserved), formatNumber(sold))}
      data-testid="product-stock"
      data-available={available}
      data-reserved={reserved}
      data-sold={sold}
    >
      {item(
        t.available,
        available,
        'product-stock-available',
        low ? 'warning.main' : 'success.main',
      )}
      {item(t.reserved, reserved, 'product-stock-reserved')}
      {item(t.sold, sold, 'product-stock-sold')}
    </Stack>
  );
}

export function ProductsTable({
  sort,
  onSortChange,
  onEdit,
  onDelete,
  ...query
}: ProductsTableProps) {
  const t = strings.products;
  const rows = query.data?.items ?? [];
  const handlers = { onEdit, onDelete };

  const sorting = { sort, onSortChange };

  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={t.tableLabel}
      testId="products-table"
      minWidth={860}
      columns={[
        <TableCell sx={{ width: 64 }}>{t.columns.image}</TableCell>,
        <SortableHeadCell field="name" label={t.columns.name} {...sorting} />,
        <SortableHeadCell field="price" label={t.columns.price} align="right" {...sorting} />,
        t.columns.status,
        <TableCell sx={{ width: 110 }}>{t.columns.stock}</TableCell>,
        <SortableHeadCell
          field="sortOrder"
          label={t.columns.sortOrder}
          align="right"
          {...sorting}
        />,
        <SortableHeadCell
          field="createdAt"
          label={t.columns.createdAt}
          firstDirection="desc"
          {...sorting}
        />,
      ]}
      actions
      emptyText={t.empty}
    >
      {rows.map((product) => (
        <TableRow key={product.id} hover data-testid="products-row" data-product-id={product.id}>
          <TableCell>
            <Avatar
              variant="rounded"
              src={product.imageUrl ?? undefined}
              alt={product.name}
              sx={{ width: 48, height: 48, bgcolor: 'action.hover', color: 'text.disabled' }}
              data-testid="product-thumb"
            >
              <ImageOutlined titleAccess={t.noImage} />
            </Avatar>
          </TableCell>
          <TableCell sx={{ maxWidth: 280 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {product.slug}
            </Typography>
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <Typography variant="body2">{formatMoney(product.price)}</Typography>
            {product.originalPrice !== null && product.originalPrice > product.price && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ textDecoration: 'line-through' }}
              >
                {formatMoney(product.originalPrice)}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            <ProductStatusChip status={product.status} />
          </TableCell>
          <TableCell>
            <StockCell product={product} />
          </TableCell>
          <TableCell align="right">{formatNumber(product.sortOrder)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(product.createdAt)}</TableCell>
          <TableCell align="right">
            <ProductRowActions product={product} {...handlers} />
          </TableCell>
        </TableRow>
      ))}
    </DataTableFrame>
  );
}
