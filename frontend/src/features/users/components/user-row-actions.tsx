import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { RowActionButton, RowActions } from '@/components/ui/data-table/row-actions';
import { vi } from '@/i18n/vi';
import type { User } from '../api/types';

export interface UserActionHandlers {
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
}

interface UserRowActionsProps extends UserActionHandlers {
  user: User;
  /** The signed-in user cannot delete their own account (server code 132). */
  isSelf: boolean;
}

export function UserRowActions({ user, isSelf, onEdit, onResetPassword, onDelete }: UserRowActionsProps) {
  const t = vi.users.actions;
  return (
    <RowActions>
      <RowActionButton
        title={t.edit}
        label={`${t.edit} ${user.userName}`}
        icon={<EditOutlined fontSize="small" />}
        onClick={() => onEdit(user)}
      />
      <RowActionButton
        title={t.resetPassword}
        label={`${t.resetPassword} ${user.userName}`}
        icon={<LockResetOutlined fontSize="small" />}
        onClick={() => onResetPassword(user)}
      />
      <RowActionButton
        title={t.delete}
        label={`${t.delete} ${user.userName}`}
        icon={<DeleteOutlined fontSize="small" />}
        onClick={() => onDelete(user)}
        color="error"
        disabled={isSelf}
      />
    </RowActions>
  );
}
