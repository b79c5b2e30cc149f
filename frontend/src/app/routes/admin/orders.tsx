import { useParams } from 'react-router-dom';
import { OrderDetailScreen } from '@/features/orders/components/order-detail-screen';
import { OrdersScreen } from '@/features/orders/components/orders-screen';

export function OrdersRoute() {
  return <OrdersScreen />;
}

export function AdminOrderDetailRoute() {
  const { orderId = '' } = useParams();
  // A new order: a fresh screen (dialogs and forms start over).
  return <OrderDetailScreen key={orderId} orderId={orderId} />;
}
