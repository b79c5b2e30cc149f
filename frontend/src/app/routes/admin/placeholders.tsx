import { useParams } from 'react-router-dom';
import { ComingSoon } from '@/components/ui/coming-soon';
import { NotFound } from '@/components/errors/not-found';
import { vi } from '@/i18n/vi';

/** Screens of later issues: honest placeholders inside the admin layout. */
export function OrdersRoute() {
  return <ComingSoon title={vi.pages.orders} />;
}

export function AdminOrderDetailRoute() {
  const { orderId = '' } = useParams();
  return <ComingSoon title={vi.pages.orderDetail(orderId)} />;
}

export function AdminNotFoundRoute() {
  return <NotFound standalone={false} />;
}
