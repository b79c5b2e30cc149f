import { UsersScreen } from '@/features/users/components/users-screen';

export function UsersRoute() {
  return <UsersScreen />;
}
