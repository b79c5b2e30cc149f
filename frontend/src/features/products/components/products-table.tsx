import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '@/config/constants';
import { vi } from '@/i18n/vi';
import type { Paginated } from '@/lib/api-types';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { Product, ProductSortField, SortDirection } from '../api/types';
import { ProductRowActions, type ProductActionHandlers } from './product-row-actions';
import { ProductStatusChip } from './product-status-chip';

export interface ProductsSort {
  sortBy: ProductSortField;
  sortDir: SortDirection;
}

interface ProductsTableProps extends ProductActionHandlers {
  data: Paginated<Product> | undefined;
  isFetching: boolean;
  error: Error | null;
  onRetry: () => void;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort: ProductsSort | null;
  onSortChange: (sort: ProductsSort) => void;
}

const COLUMN_COUNT = 8;

function StockCell({ product }: { product: Product }) {
  const t = vi.products.stock;
  const { available, reserved, sold } = product.stock;
  const low = available <= product.lowStockThreshold;
  const item = (label: string, value: number, testId: string, color?: string) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap', display: 'flex', justifyContent: 'space-between', gap: 1, lineHeight: 1.4 }}>
      <Typography component="span" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="span" variant="caption" sx={{ fontWeight: 700, color }} data-testid={testId}>
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
      {item(t.available, available, 'product-stock-available', low ? 'warning.main' : 'success.main')}
      {item(t.reserved, reserved, 'product-stock-reserved')}
      {item(t.sold, sold, 'product-stock-sold')}
    </Stack>
  );
}

export function ProductsTable({
  data,
  isFetching,
  error,
  onRetry,
  pageIndex,
  pageSize,
  onPageChange,
  onPageSizeChange,
  sort,
  onSortChange,
  ...handlers
}: ProductsTableProps) {
  const t = vi.products;
  const rows = data?.items ?? [];

  const sortable = (field: ProductSortField, label: ReactNode, align: 'left' | 'right' = 'left') => {
    const active = sort?.sortBy === field;
    const direction = active ? sort.sortDir : field === 'createdAt' ? 'desc' : 'asc';
    return (
      <TableCell align={align} sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={direction}
          onClick={() => onSortChange({ sortBy: field, sortDir: active ? (sort.sortDir === 'asc' ? 'desc' : 'asc') : direction })}
        >
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };

  return (
    <Paper variant="outlined">
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {vi.common.retry}
            </Button>
          }
        >
          {t.loadError(error.message)}
        </Alert>
      )}
      <LinearProgress sx={{ visibility: isFetching ? 'visible' : 'hidden' }} />
      <TableContainer>
        <Table size="small" aria-label={t.tableLabel} data-testid="products-table" sx={{ minWidth: 860, '& th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 64 }}>{t.columns.image}</TableCell>
              {sortable('name', t.columns.name)}
              {sortable('price', t.columns.price, 'right')}
              <TableCell>{t.columns.status}</TableCell>
              <TableCell sx={{ width: 110 }}>{t.columns.stock}</TableCell>
              {sortable('sortOrder', t.columns.sortOrder, 'right')}
              {sortable('createdAt', t.columns.createdAt)}
              <TableCell align="right">
                {vi.common.actions}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
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
                    <Typography variant="caption" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
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
            {data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t.empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.totalCount ?? 0}
        page={Math.max(0, pageIndex - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
        onPageChange={(_, page) => onPageChange(page + 1)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
        labelRowsPerPage={vi.common.rowsPerPage}
        labelDisplayedRows={({ from, to, count }) => vi.common.displayedRows(from, to, count)}
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
          '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Paper>
  );
}
