import { AuditLogScreen } from '@/features/audit-log/components/audit-log-screen';

export function AuditLogRoute() {
  return <AuditLogScreen />;
}
