import { SerialCodesScreen } from '@/features/serial-codes/components/serial-codes-screen';

export function SerialCodesRoute() {
  return <SerialCodesScreen />;
}
