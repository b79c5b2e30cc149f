import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import AssignmentReturnedOutlined from '@mui/icons-material/AssignmentReturnedOutlined';
import { Link as RouterLink } from 'react-router-dom';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { PaymentTransaction } from '../api/types';
import {
  TransactionFlagChip,
  TransactionSourceChip,
  TransactionStatusChip,
} from './transaction-status-chip';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** Unmatched transfers wait for staff: their rows stand out. */
export function isHighlighted(
  transaction: Pick<PaymentTransaction, 'status'> & Partial<Pick<PaymentTransaction, 'flag'>>,
): boolean {
  return transaction.status === 'unmatched' || Boolean(transaction.flag);
}

/** A flagged transfer (money through the wrong provider) stands out more than a plain unmatched one. */
function highlightSx(transaction: PaymentTransaction) {
  if (!isHighlighted(transaction)) return undefined;
  const color = transaction.flag ? 'warning' : 'error';
  return {
    bgcolor: (theme: Theme) => alpha(theme.palette[color].main, transaction.flag ? 0.16 : 0.08),
    '& > td:first-of-type': {
      boxShadow: (theme: Theme) =>
        `inset ${transaction.flag ? 6 : 4}px 0 0 ${theme.palette[color].main}`,
    },
  };
}

interface TransactionsTableProps extends DataTableQueryProps<PaymentTransaction> {
  onAssign: (transaction: PaymentTransaction) => void;
}

function ordersLink(orderCode: string): string {
  return `${paths.admin.orders}?${new URLSearchParams({ keyword: orderCode }).toString()}`;
}

export function TransactionsTable({ onAssign, ...query }: TransactionsTableProps) {
  const t = strings.transactions;
  const rows = query.data?.items ?? [];
  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={t.tableLabel}
      testId="transactions-table"
      minWidth={940}
      columns={[
        t.columns.transactionDate,
        t.columns.provider,
        <TableCell align="right">{t.columns.amount}</TableCell>,
        t.columns.content,
        t.columns.status,
        t.columns.order,
      ]}
      actions
      emptyText={t.empty}
    >
      {rows.map((transaction) => {
        const highlighted = isHighlighted(transaction);
        const outgoing = transaction.transferType === 'out';
        return (
          <TableRow
            key={transaction.id}
            hover
            data-testid="transactions-row"
            data-transaction-id={transaction.id}
            data-status={transaction.status}
            data-highlighted={highlighted}
            data-flag={transaction.flag ?? ''}
            data-source={transaction.source}
            sx={highlightSx(transaction)}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(transaction.transactionDate)}
              <Typography variant="caption" color="text.secondary" component="div">
                {t.received(formatDateTime(transaction.createdAt))}
              </Typography>
              <TransactionSourceChip source={transaction.source} />
            </TableCell>
            <TableCell sx={{ maxWidth: 200 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {transaction.providerName}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ fontFamily: MONO }}
              >
                {transaction.gateway} · {transaction.accountNumber}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ fontFamily: MONO, wordBreak: 'break-all' }}
                data-testid="transaction-bank-ref"
              >
                {t.bankRef(transaction.bankRef ?? transaction.externalId)}
              </Typography>
            </TableCell>
            <TableCell
              align="right"
              sx={{
                whiteSpace: 'nowrap',
                fontWeight: 700,
                color: outgoing ? 'text.secondary' : 'success.main',
              }}
              data-testid="transaction-amount"
            >
              {outgoing ? '−' : '+'}
              {formatMoney(transaction.amount)}
            </TableCell>
            <TableCell sx={{ maxWidth: 320 }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {transaction.content}
              </Typography>
              {(transaction.code || transaction.referenceCode) && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ fontFamily: MONO, wordBreak: 'break-all' }}
                >
                  {[
                    transaction.code && t.code(transaction.code),
                    transaction.referenceCode && t.reference(transaction.referenceCode),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <TransactionStatusChip status={transaction.status} />
              {transaction.flag && (
                <Box sx={{ mt: 0.5 }}>
                  <TransactionFlagChip flag={transaction.flag} detail={transaction.lastError} />
                </Box>
              )}
              {transaction.attempts > 1 || (transaction.lastError && !transaction.flag) ? (
                <Tooltip
                  title={transaction.lastError ?? ''}
                  disableHoverListener={!transaction.lastError}
                >
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    sx={
                      transaction.lastError
                        ? { textDecoration: 'underline dotted', cursor: 'help' }
                        : undefined
                    }
                    data-testid="transaction-attempts"
                  >
                    {t.attempts(formatNumber(transaction.attempts))}
                  </Typography>
                </Tooltip>
              ) : null}
            </TableCell>
            <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
              {transaction.orderCode ? (
                <Link component={RouterLink} to={ordersLink(transaction.orderCode)}>
                  {transaction.orderCode}
                </Link>
              ) : (
                strings.common.empty
              )}
            </TableCell>
            <TableCell align="right">
              {transaction.status === 'unmatched' && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<AssignmentReturnedOutlined fontSize="small" />}
                  onClick={() => onAssign(transaction)}
                  aria-label={t.assignLabel(formatMoney(transaction.amount), transaction.content)}
                  data-testid="transaction-assign"
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t.assign}
                </Button>
              )}
            </TableCell>
          </TableRow>
        );
      })}
    </DataTableFrame>
  );
}
