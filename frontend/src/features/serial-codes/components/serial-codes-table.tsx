import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_SIZE_OPTIONS } from '@/config/constants';
import { paths } from '@/config/paths';
import { vi } from '@/i18n/vi';
import type { Paginated } from '@/lib/api-types';
import { formatDateTime } from '@/lib/format';
import { isLocked, type SerialCode } from '../api/types';
import { SerialCodeStatusChip } from './serial-code-status-chip';

export interface SerialCodeActionHandlers {
  onReveal: (code: SerialCode) => void;
  onEdit: (code: SerialCode) => void;
  onDelete: (code: SerialCode) => void;
}

interface SerialCodesTableProps extends SerialCodeActionHandlers {
  data: Paginated<SerialCode> | undefined;
  isFetching: boolean;
  error: Error | null;
  onRetry: () => void;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const COLUMN_COUNT = 9;
/** Dates may break between time and day, so the table fits beside the sidebar. */
const DATE_SX = { minWidth: 88 } as const;
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

function RowActions({ code, onReveal, onEdit, onDelete }: SerialCodeActionHandlers & { code: SerialCode }) {
  const t = vi.serialCodes.actions;
  const locked = isLocked(code);
  const lockedTip = (label: string) => (locked ? t.lockedHint : label);
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t.reveal}>
        <IconButton size="small" aria-label={`${t.reveal} ${code.maskedCode}`} onClick={() => onReveal(code)}>
          <VisibilityOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={lockedTip(t.edit)}>
        <span>
          <IconButton size="small" aria-label={`${t.edit} ${code.maskedCode}`} onClick={() => onEdit(code)} disabled={locked}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={lockedTip(t.delete)}>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={`${t.delete} ${code.maskedCode}`}
            onClick={() => onDelete(code)}
            disabled={locked}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

export function SerialCodesTable({
  data,
  isFetching,
  error,
  onRetry,
  pageIndex,
  pageSize,
  onPageChange,
  onPageSizeChange,
  ...handlers
}: SerialCodesTableProps) {
  const t = vi.serialCodes;
  const rows = data?.items ?? [];
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
        <Table size="small" aria-label={t.tableLabel} data-testid="serial-codes-table" sx={{ minWidth: 940, '& th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t.columns.code}</TableCell>
              <TableCell>{t.columns.product}</TableCell>
              <TableCell>{t.columns.status}</TableCell>
              <TableCell>{t.columns.orderCode}</TableCell>
              <TableCell>{t.columns.expiresAt}</TableCell>
              <TableCell>{t.columns.createdAt}</TableCell>
              <TableCell>{t.columns.soldAt}</TableCell>
              <TableCell>{t.columns.note}</TableCell>
              <TableCell align="right">{vi.common.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((code) => (
              <TableRow key={code.id} hover data-testid="serial-codes-row" data-status={code.status}>
                <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }} data-testid="serial-code-masked">
                  {code.maskedCode}
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
                    (code.orderCode ?? vi.common.empty)
                  )}
                </TableCell>
                <TableCell sx={DATE_SX}>{formatDateTime(code.expiresAt)}</TableCell>
                <TableCell sx={DATE_SX}>{formatDateTime(code.createdAt)}</TableCell>
                <TableCell sx={DATE_SX}>{formatDateTime(code.soldAt)}</TableCell>
                <TableCell sx={{ maxWidth: 200, wordBreak: 'break-word', color: code.note ? undefined : 'text.secondary' }}>
                  {code.note || vi.common.empty}
                </TableCell>
                <TableCell align="right">
                  <RowActions code={code} {...handlers} />
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
