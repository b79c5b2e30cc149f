import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '@/config/constants';
import { vi } from '@/i18n/vi';
import type { Paginated } from '@/lib/api-types';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { Bank, PaymentProvider, PaymentProviderSortField, SortDirection } from '../api/types';
import { PaymentProviderActiveChip, PaymentProviderTypeChip, PaymentProviderWebhookChip } from './payment-provider-chips';
import { PaymentProviderRowActions, type PaymentProviderActionHandlers } from './payment-provider-row-actions';

export interface PaymentProvidersSort {
  sortBy: PaymentProviderSortField;
  sortDir: SortDirection;
}

interface PaymentProvidersTableProps extends PaymentProviderActionHandlers {
  data: Paginated<PaymentProvider> | undefined;
  isFetching: boolean;
  error: Error | null;
  onRetry: () => void;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort: PaymentProvidersSort | null;
  onSortChange: (sort: PaymentProvidersSort) => void;
  /** The built-in banks by BIN, for their short names. */
  banks: ReadonlyMap<string, Bank>;
  /** Staff: no edit or delete. */
  readOnly: boolean;
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

function AccountCell({ provider, bank }: { provider: PaymentProvider; bank: Bank | undefined }) {
  if (provider.type !== 'vietqr_bank' && !provider.accountNumber) {
    return (
      <Typography variant="body2" color="text.secondary">
        {vi.common.empty}
      </Typography>
    );
  }
  const bankLabel = bank?.shortName ?? provider.bankName ?? provider.bankBin ?? vi.common.empty;
  return (
    <Box sx={{ lineHeight: 1.4 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="payment-provider-bank" data-bin={provider.bankBin ?? ''}>
        {bankLabel}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: MONO, letterSpacing: 0.5 }} data-testid="payment-provider-account-number">
        {provider.accountNumber ?? vi.common.empty}
      </Typography>
      <Typography variant="caption" color="text.secondary" data-testid="payment-provider-account-name">
        {provider.accountName ?? vi.common.empty}
      </Typography>
    </Box>
  );
}

export function PaymentProvidersTable({
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
  banks,
  readOnly,
  ...handlers
}: PaymentProvidersTableProps) {
  const t = vi.paymentProviders;
  const rows = data?.items ?? [];
  const columnCount = readOnly ? 8 : 9;

  const sortable = (field: PaymentProviderSortField, label: ReactNode, align: 'left' | 'right' = 'left') => {
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
        <Table
          size="small"
          aria-label={t.tableLabel}
          data-testid="payment-providers-table"
          sx={{ minWidth: 960, '& th': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 64 }}>{t.columns.logo}</TableCell>
              {sortable('name', t.columns.name)}
              <TableCell>{t.columns.type}</TableCell>
              <TableCell>{t.columns.account}</TableCell>
              <TableCell>{t.columns.status}</TableCell>
              {sortable('sortOrder', t.columns.sortOrder, 'right')}
              <TableCell>{t.columns.webhook}</TableCell>
              {sortable('createdAt', t.columns.createdAt)}
              {!readOnly && <TableCell align="right">{vi.common.actions}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((provider) => (
              <TableRow
                key={provider.id}
                hover
                data-testid="payment-providers-row"
                data-provider-id={provider.id}
                data-type={provider.type}
                data-active={provider.isActive}
              >
                <TableCell>
                  <Avatar
                    variant="rounded"
                    src={provider.logoUrl ?? undefined}
                    alt={provider.name}
                    sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.disabled' }}
                    data-testid="payment-provider-logo"
                  >
                    <AccountBalanceOutlined titleAccess={t.noLogo} />
                  </Avatar>
                </TableCell>
                <TableCell sx={{ maxWidth: 240 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="payment-provider-name">
                    {provider.name}
                  </Typography>
                </TableCell>
                <TableCell>
                  <PaymentProviderTypeChip type={provider.type} />
                </TableCell>
                <TableCell>
                  <AccountCell provider={provider} bank={provider.bankBin ? banks.get(provider.bankBin) : undefined} />
                </TableCell>
                <TableCell>
                  <PaymentProviderActiveChip isActive={provider.isActive} />
                </TableCell>
                <TableCell align="right">{formatNumber(provider.sortOrder)}</TableCell>
                <TableCell>
                  <PaymentProviderWebhookChip provider={provider} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(provider.createdAt)}</TableCell>
                {!readOnly && (
                  <TableCell align="right">
                    <PaymentProviderRowActions provider={provider} {...handlers} />
                  </TableCell>
                )}
              </TableRow>
            ))}
            {data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
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
