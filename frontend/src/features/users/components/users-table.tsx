import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import { strings } from '@/i18n/vi';
import { formatDateTime } from '@/lib/format';
import type { User } from '../api/types';
import { UserRowActions, type UserActionHandlers } from './user-row-actions';

interface UsersTableProps extends UserActionHandlers, DataTableQueryProps<User> {
  currentUserId?: string;
}

export function UsersTable({
  currentUserId,
  onEdit,
  onResetPassword,
  onDelete,
  ...query
}: UsersTableProps) {
  const t = strings.users;
  const rows = query.data?.items ?? [];
  const handlers = { onEdit, onResetPassword, onDelete };
  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={t.tableLabel}
      testId="users-table"
      minWidth={760}
      columns={[
        t.columns.userName,
        t.columns.fullName,
        t.columns.email,
        t.columns.role,
        t.columns.status,
        t.columns.lastLoginAt,
        t.columns.createdAt,
      ]}
      actions
      emptyText={t.empty}
    >
      {rows.map((user) => (
        <TableRow key={user.id} hover data-testid="users-row">
          <TableCell sx={{ fontWeight: 600 }}>{user.userName}</TableCell>
          <TableCell>{user.fullName}</TableCell>
          <TableCell>{user.email || strings.common.empty}</TableCell>
          <TableCell>
            <Chip
              size="small"
              label={t.roles[user.role]}
              color={user.role === 'admin' ? 'primary' : 'default'}
              variant="outlined"
            />
          </TableCell>
          <TableCell>
            <Chip
              size="small"
              label={user.isActive ? t.status.active : t.status.inactive}
              color={user.isActive ? 'success' : 'default'}
            />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.lastLoginAt)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</TableCell>
          <TableCell align="right">
            <UserRowActions user={user} isSelf={user.id === currentUserId} {...handlers} />
          </TableCell>
        </TableRow>
      ))}
    </DataTableFrame>
  );
}
