import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '@/components/ui/page-header';
import { strings } from '@/i18n/vi';
import { useSession } from '@/lib/auth';
import { confirm } from '@/lib/confirm';
import { showError, showSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { plainFilterCodec, useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { USER_ROLES, type User } from '../api/types';
import { UserCreateDialog } from './user-create-dialog';
import { UserEditDialog } from './user-edit-dialog';
import { UserResetPasswordDialog } from './user-reset-password-dialog';
import { UsersFilters, type UsersFilterValues } from './users-filters';
import { UsersTable } from './users-table';

const INITIAL_FILTERS: UsersFilterValues = { keyword: '', role: '', active: '' };
const LIST = {
  codec: plainFilterCodec(INITIAL_FILTERS, { role: USER_ROLES, active: ['true', 'false'] }),
};

export function UsersScreen() {
  const session = useSession();
  const { filters, setFilters, page, pageProps } = useListUrlState(LIST);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const keyword = useDebouncedValue(filters.keyword.trim());

  const users = useUsers({
    ...page,
    keyword: keyword || undefined,
    role: filters.role || undefined,
    isActive: filters.active === '' ? undefined : filters.active === 'true',
  });
  const deleteUser = useDeleteUser();

  const onDelete = async (user: User) => {
    const accepted = await confirm({
      title: strings.users.messages.deleteTitle,
      message: strings.users.messages.deleteConfirm(user.userName),
      acceptLabel: strings.users.actions.delete,
      rejectLabel: strings.common.cancel,
      destructive: true,
    });
    if (!accepted) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => showSuccess(strings.users.messages.deleted(user.userName)),
      onError: (error) => showError(error),
    });
  };

  return (
    <>
      <PageHeader
        title={strings.users.title}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="user-create-button"
          >
            {strings.users.create}
          </Button>
        }
      />
      <UsersFilters value={filters} onChange={setFilters} />
      <UsersTable
        data={users.data}
        isFetching={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        {...pageProps}
        currentUserId={session?.user?.id}
        onEdit={setEditing}
        onResetPassword={setResetting}
        onDelete={(user) => void onDelete(user)}
      />
      <UserCreateDialog open={creating} onClose={() => setCreating(false)} />
      <UserEditDialog user={editing} onClose={() => setEditing(null)} />
      <UserResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
