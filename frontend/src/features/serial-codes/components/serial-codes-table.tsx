import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router-dom';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import {
  DeleteRowAction,
  EditRowAction,
  RowActionButton,
  RowActions as RowActionsBar,
} from '@/components/ui/data-table/row-actions';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { formatDateTime } from '@/lib/format';
import { isLocked, type SerialCode } from '../api/types';
import { SerialCodeStatusChip } from './serial-code-status-chip';

export interface SerialCodeActionHandlers {
  onReveal: (code: SerialCode) => void;
  onEdit: (code: SerialCode) => void;
  onDelete: (code: SerialCode) => void;
}

interface SerialCodesTableProps extends SerialCodeActionHandlers, DataTableQueryProps<SerialCode> {}

/** Dates may break between time and day, so the table fits beside the sidebar. */
const DATE_SX = { minWidth: 88 } as const;
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

function RowActions({
  code,
  onReveal,
  onEdit,
  onDelete,
}: SerialCodeActionHandlers & { code: SerialCode }) {
  const t = strings.serialCodes.actions;
  const locked = isLocked(code);
  const lockedTip = (label: string) => (locked ? t.lockedHint : label);
  return (
    <RowActionsBar>
      <RowActionButton
        title={t.reveal}
        label={`${t.reveal} ${code.maskedCode}`}
        icon={<VisibilityOutlined fontSize="small" />}
        onClick={() => onReveal(code)}
      />
      <EditRowAction
        action={t.edit}
        name={code.maskedCode}
        title={lockedTip(t.edit)}
        onClick={() => onEdit(code)}
        disabled={locked}
      />
      <DeleteRowAction
        action={t.delete}
        name={code.maskedCode}
        title={lockedTip(t.delete)}
        onClick={() => onDelete(code)}
        disabled={locked}
      />
    </RowActionsBar>
  );
}

export function SerialCodesTable({ onReveal, onEdit, onDelete, ...query }: SerialCodesTableProps) {
  const t = strings.serialCodes;
  const rows = query.data?.items ?? [];
  const handlers = { onReveal, onEdit, onDelete };
  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={t.tableLabel}
      testId="serial-codes-table"
      minWidth={940}
      columns={[
        t.columns.code,
        t.columns.serial,
        t.columns.product,
        t.columns.status,
        t.columns.orderCode,
        t.columns.expiresAt,
        t.columns.createdAt,
        t.columns.soldAt,
        t.columns.note,
      ]}
      actions
      emptyText={t.empty}
    >
      {rows.map((code) => (
        <TableRow key={code.id} hover data-testid="serial-codes-row" data-status={code.status}>
          <TableCell
            sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}
            data-testid="serial-code-masked"
          >
            {code.maskedCode}
          </TableCell>
          <TableCell
            sx={{
              fontFamily: MONO,
              whiteSpace: 'nowrap',
              color: code.serial ? undefined : 'text.secondary',
            }}
            data-testid="serial-code-serial"
          >
            {code.serial ?? '—'}
          </TableCell>
          <TableCell sx={{ maxWidth: 200, wordBreak: 'break-word' }}>{code.productName}</TableCell>
          <TableCell>
            <SerialCodeStatusChip status={code.status} />
          </TableCell>
          <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
            {code.orderId && code.orderCode ? (
              <Link component={RouterLink} to={paths.admin.order(code.orderId)}>
                {code.orderCode}
              </Link>
            ) : (
              (code.orderCode ?? strings.common.empty)
            )}
          </TableCell>
          <TableCell sx={DATE_SX}>{formatDateTime(code.expiresAt)}</TableCell>
          <TableCell sx={DATE_SX}>{formatDateTime(code.createdAt)}</TableCell>
          <TableCell sx={DATE_SX}>{formatDateTime(code.soldAt)}</TableCell>
          <TableCell
            sx={{
              maxWidth: 200,
              wordBreak: 'break-word',
              color: code.note ? undefined : 'text.secondary',
            }}
          >
            {code.note || strings.common.empty}
          </TableCell>
          <TableCell align="right">
            <RowActions code={code} {...handlers} />
          </TableCell>
        </TableRow>
      ))}
    </DataTableFrame>
  );
}
