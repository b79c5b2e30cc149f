import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { paths } from '@/config/paths';
import { vi } from '@/i18n/vi-shop';
import { ErrorScreen } from './error-screen';

export function ErrorPage() {
  return (
    <ErrorScreen
      title={vi.errors.errorTitle}
      text={vi.errors.errorText}
      icon={<ErrorOutlineOutlined />}
      action={{ label: vi.common.backToHome, to: paths.home }}
      testId="error-page"
    />
  );
}
