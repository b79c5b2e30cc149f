import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';

export function NotificationsRoute() {
  return <NotificationsScreen />;
}
