import Chip, { type ChipProps } from '@mui/material/Chip';
import { vi } from '@/i18n/vi';
import { TRANSACTION_STATUSES, type TransactionStatus } from '../api/types';

const COLORS: Record<TransactionStatus, ChipProps['color']> = {
  pending: 'warning',
  matched: 'success',
  unmatched: 'error',
  duplicate: 'info',
  ignored: 'default',
};

export function TransactionStatusChip({ status }: { status: string }) {
  const known = (TRANSACTION_STATUSES as readonly string[]).includes(status) ? (status as TransactionStatus) : null;
  return (
    <Chip
      size="small"
      label={known ? vi.transactions.status[known] : status}
      color={known ? COLORS[known] : 'default'}
      variant={known === 'ignored' ? 'outlined' : 'filled'}
      data-testid="transaction-status-chip"
      data-status={status}
    />
  );
}
