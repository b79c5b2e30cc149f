import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import {
  DeleteRowAction,
  EditRowAction,
  RowActionButton,
  RowActions,
} from '@/components/ui/data-table/row-actions';
import { strings } from '@/i18n/vi';
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

export function UserRowActions({
  user,
  isSelf,
  onEdit,
  onResetPassword,
  onDelete,
}: UserRowActionsProps) {
  const t = strings.users.actions;
  return (
    <RowActions>
      <EditRowAction action={t.edit} name={user.userName} onClick={() => onEdit(user)} />
      <RowActionButton
        title={t.resetPassword}
        label={`${t.resetPassword} ${user.userName}`}
        icon={<LockResetOutlined fontSize="small" />}
        onClick={() => onResetPassword(user)}
      />
      <DeleteRowAction
        action={t.delete}
        name={user.userName}
        onClick={() => onDelete(user)}
        disabled={isSelf}
      />
    </RowActions>
  );
}
