import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AdminLayout } from '@/components/layouts/admin';
import { useLogout } from '@/features/auth/api/logout';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { strings } from '@/i18n/vi';
import { useSession } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { AdminGuard } from './admin-guard';

function AdminShell() {
  const session = useSession();
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  useDocumentTitle(strings.app.adminTitle);
  const user = session?.user;

  return (
    <AdminLayout
      displayName={user?.fullName || user?.userName}
      secondary={
        user
          ? strings.layout.profileSecondary(
              user.userName,
              strings.users.roles[user.role] ?? user.role,
            )
          : undefined
      }
      onChangePassword={() => setChangingPassword(true)}
      onLogout={logout}
    >
      <Outlet />
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </AdminLayout>
  );
}

export function AdminRoot() {
  return (
    <AdminGuard>
      <AdminShell />
    </AdminGuard>
  );
}
