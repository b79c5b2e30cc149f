import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DataTableFrame, type DataTableQueryProps } from '@/components/ui/data-table/data-table-frame';
import { TableEmptyRow } from '@/components/ui/data-table/table-state-rows';
import { vi } from '@/i18n/vi';
import type { AuditEntry } from '../api/types';
import { formatAuditTime } from './format-audit-time';

interface AuditLogTableProps extends DataTableQueryProps<AuditEntry> {
  label: string;
}

const COLUMN_COUNT = 5;

/** An action's Vietnamese label; a name this screen does not know yet shows as sent. */
export function actionLabel(action: string): string {
  const labels: Record<string, string> = vi.auditLog.actions;
  return Object.hasOwn(labels, action) ? labels[action] : action;
}

export function AuditLogTable({ label, ...query }: AuditLogTableProps) {
  const t = vi.auditLog;
  const rows = query.data?.items ?? [];
  return (
    <DataTableFrame query={query} loadErrorText={t.loadError} label={label} testId="audit-log-table" minWidth={820}>
      <TableHead>
        <TableRow>
          <TableCell>{t.columns.at}</TableCell>
          <TableCell>{t.columns.actor}</TableCell>
          <TableCell>{t.columns.action}</TableCell>
          <TableCell>{t.columns.target}</TableCell>
          <TableCell>{t.columns.detail}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((entry) => (
          <TableRow key={entry.id} hover data-testid="audit-log-row" data-action={entry.action}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAuditTime(entry.at)}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{entry.actor}</TableCell>
            <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{actionLabel(entry.action)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.target || vi.common.empty}</TableCell>
            <TableCell sx={{ minWidth: 200 }}>{entry.detail || vi.common.empty}</TableCell>
          </TableRow>
        ))}
        {query.data && rows.length === 0 && <TableEmptyRow colSpan={COLUMN_COUNT}>{t.empty}</TableEmptyRow>}
      </TableBody>
    </DataTableFrame>
  );
}
