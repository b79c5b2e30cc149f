import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { strings } from '@/i18n/vi';
import {
  TRANSACTION_STATUSES,
  type TransactionFlag,
  type TransactionSource,
  type TransactionStatus,
} from '../api/types';

const COLORS: Record<TransactionStatus, ChipProps['color']> = {
  pending: 'warning',
  matched: 'success',
  unmatched: 'error',
  duplicate: 'info',
  ignored: 'default',
};

export function TransactionStatusChip({ status }: { status: string }) {
  const known = (TRANSACTION_STATUSES as readonly string[]).includes(status)
    ? (status as TransactionStatus)
    : null;
  return (
    <Chip
      size="small"
      label={known ? strings.transactions.status[known] : status}
      color={known ? COLORS[known] : 'default'}
      variant={known === 'ignored' ? 'outlined' : 'filled'}
      data-testid="transaction-status-chip"
      data-status={status}
    />
  );
}

/**
 * A transfer held back for staff: money for an order that came through another provider
 * than the order's. `detail`, the service's own explanation, when it gave one.
 */
export function TransactionFlagChip({
  flag,
  detail,
}: {
  flag: TransactionFlag;
  detail?: string | null;
}) {
  const t = strings.transactions;
  return (
    <Tooltip title={detail || t.flagHelp[flag]}>
      <Chip
        size="small"
        color="warning"
        icon={<ReportProblemOutlined />}
        label={t.flag[flag] ?? flag}
        sx={{ fontWeight: 700 }}
        data-testid="transaction-flag-chip"
        data-flag={flag}
      />
    </Tooltip>
  );
}

/** How the transfer arrived; only the reconciliation, the exception, is shown. */
export function TransactionSourceChip({ source }: { source: TransactionSource }) {
  const t = strings.transactions;
  if (source !== 'reconciliation') return null;
  return (
    <Tooltip title={t.sourceHelp[source]}>
      <Chip
        size="small"
        variant="outlined"
        color="info"
        icon={<SyncOutlined />}
        label={t.source[source]}
        data-testid="transaction-source-chip"
        data-source={source}
      />
    </Tooltip>
  );
}
