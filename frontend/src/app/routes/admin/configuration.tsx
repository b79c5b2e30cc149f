import { ConfigurationScreen } from '@/features/app-configuration/components/configuration-screen';

export function ConfigurationRoute() {
  return <ConfigurationScreen />;
}
