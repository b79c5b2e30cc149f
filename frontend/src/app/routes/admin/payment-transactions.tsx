import { TransactionsScreen } from '@/features/payment-transactions/components/transactions-screen';

export function PaymentTransactionsRoute() {
  return <TransactionsScreen />;
}
