import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
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
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t.edit}>
        <IconButton size="small" aria-label={`${t.edit} ${user.userName}`} onClick={() => onEdit(user)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t.resetPassword}>
        <IconButton size="small" aria-label={`${t.resetPassword} ${user.userName}`} onClick={() => onResetPassword(user)}>
          <LockResetOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t.delete}>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={`${t.delete} ${user.userName}`}
            onClick={() => onDelete(user)}
            disabled={isSelf}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
