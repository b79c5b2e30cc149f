import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { AdminLayout } from '@/components/layouts/admin';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { strings } from '@/i18n/vi';
import { useSession } from '@/lib/auth';

/**
 * The admin layout for pages anyone may open (style guide, templates, staff guide): the
 * profile menu works for a signed-in user and leads a visitor to the login page.
 */
export function DemoRoot() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
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
      onChangePassword={() => (session ? setChangingPassword(true) : navigate(paths.auth.login))}
      onLogout={logout}
    >
      <Outlet />
      {session && (
        <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      )}
    </AdminLayout>
  );
}
