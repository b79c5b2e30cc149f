import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi-shop';
import { ErrorScreen } from './error-screen';

export function ErrorPage() {
  return (
    <ErrorScreen
      title={strings.errors.errorTitle}
      text={strings.errors.errorText}
      icon={<ErrorOutlineOutlined />}
      action={{ label: strings.common.backToHome, to: paths.home }}
      testId="error-page"
    />
  );
}
