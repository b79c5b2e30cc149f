import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import { strings } from '@/i18n/vi';
import type { AuditEntry } from '../api/types';
import { formatAuditTime } from './format-audit-time';

interface AuditLogTableProps extends DataTableQueryProps<AuditEntry> {
  label: string;
}

/** An action's Vietnamese label; a name this screen does not know yet shows as sent. */
export function actionLabel(action: string): string {
  const labels: Record<string, string> = strings.auditLog.actions;
  return Object.hasOwn(labels, action) ? labels[action] : action;
}

export function AuditLogTable({ label, ...query }: AuditLogTableProps) {
  const t = strings.auditLog;
  const rows = query.data?.items ?? [];
  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={label}
      testId="audit-log-table"
      minWidth={820}
      columns={[
        t.columns.at,
        t.columns.actor,
        t.columns.action,
        t.columns.target,
        t.columns.detail,
      ]}
      emptyText={t.empty}
    >
      {rows.map((entry) => (
        <TableRow key={entry.id} hover data-testid="audit-log-row" data-action={entry.action}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAuditTime(entry.at)}</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>{entry.actor}</TableCell>
          <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{actionLabel(entry.action)}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            {entry.target || strings.common.empty}
          </TableCell>
          <TableCell sx={{ minWidth: 200 }}>{entry.detail || strings.common.empty}</TableCell>
        </TableRow>
      ))}
    </DataTableFrame>
  );
}
