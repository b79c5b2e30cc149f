import { PaymentProvidersScreen } from '@/features/payment-providers/components/payment-providers-screen';

export function PaymentProvidersRoute() {
  return <PaymentProvidersScreen />;
}
