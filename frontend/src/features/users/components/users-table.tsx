import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { PAGE_SIZE_OPTIONS } from '@/config/constants';
import { vi } from '@/i18n/vi';
import type { Paginated } from '@/lib/api-types';
import { formatDateTime } from '@/lib/format';
import type { User } from '../api/types';
import { UserRowActions, type UserActionHandlers } from './user-row-actions';

interface UsersTableProps extends UserActionHandlers {
  data: Paginated<User> | undefined;
  isFetching: boolean;
  error: Error | null;
  onRetry: () => void;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  currentUserId?: string;
}

const COLUMN_COUNT = 8;

export function UsersTable({
  data,
  isFetching,
  error,
  onRetry,
  pageIndex,
  pageSize,
  onPageChange,
  onPageSizeChange,
  currentUserId,
  ...handlers
}: UsersTableProps) {
  const t = vi.users;
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
        <Table size="small" aria-label={t.tableLabel} data-testid="users-table" sx={{ minWidth: 760, '& th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t.columns.userName}</TableCell>
              <TableCell>{t.columns.fullName}</TableCell>
              <TableCell>{t.columns.email}</TableCell>
              <TableCell>{t.columns.role}</TableCell>
              <TableCell>{t.columns.status}</TableCell>
              <TableCell>{t.columns.lastLoginAt}</TableCell>
              <TableCell>{t.columns.createdAt}</TableCell>
              <TableCell align="right">{vi.common.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((user) => (
              <TableRow key={user.id} hover data-testid="users-row">
                <TableCell sx={{ fontWeight: 600 }}>{user.userName}</TableCell>
                <TableCell>{user.fullName}</TableCell>
                <TableCell>{user.email || vi.common.empty}</TableCell>
                <TableCell>
                  <Chip size="small" label={t.roles[user.role]} color={user.role === 'admin' ? 'primary' : 'default'} variant="outlined" />
                </TableCell>
                <TableCell>
                  <Chip size="small" label={user.isActive ? t.status.active : t.status.inactive} color={user.isActive ? 'success' : 'default'} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.lastLoginAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</TableCell>
                <TableCell align="right">
                  <UserRowActions user={user} isSelf={user.id === currentUserId} {...handlers} />
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
        labelRowsPerPage={t.rowsPerPage}
        labelDisplayedRows={({ from, to, count }) => t.displayedRows(from, to, count)}
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
          '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Paper>
  );
}
