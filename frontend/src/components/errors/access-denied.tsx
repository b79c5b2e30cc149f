import LockOutlined from '@mui/icons-material/LockOutlined';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi-shop';
import { ErrorScreen } from './error-screen';

export function AccessDenied() {
  return (
    <ErrorScreen
      code="403"
      title={strings.errors.accessDeniedTitle}
      text={strings.errors.accessDeniedText}
      icon={<LockOutlined />}
      action={{ label: strings.common.backToAdmin, to: paths.admin.root }}
      testId="access-denied"
    />
  );
}
