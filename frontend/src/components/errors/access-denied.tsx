import LockOutlined from '@mui/icons-material/LockOutlined';
import { paths } from '@/config/paths';
import { vi } from '@/i18n/vi-shop';
import { ErrorScreen } from './error-screen';

export function AccessDenied() {
  return (
    <ErrorScreen
      code="403"
      title={vi.errors.accessDeniedTitle}
      text={vi.errors.accessDeniedText}
      icon={<LockOutlined />}
      action={{ label: vi.common.backToAdmin, to: paths.admin.root }}
      testId="access-denied"
    />
  );
}
