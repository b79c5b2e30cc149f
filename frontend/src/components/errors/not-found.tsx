import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi-shop';
import { ErrorScreen } from './error-screen';

export function NotFound({ standalone = true }: { standalone?: boolean }) {
  return (
    <ErrorScreen
      code="404"
      title={strings.errors.notFoundTitle}
      text={strings.errors.notFoundText}
      icon={<SearchOffOutlined />}
      action={
        standalone
          ? { label: strings.common.backToHome, to: paths.home }
          : { label: strings.common.backToAdmin, to: paths.admin.root }
      }
      secondaryAction={
        standalone
          ? {
              label: strings.shell.orderLookup,
              to: paths.orderDetail,
              testId: 'not-found-order-lookup',
            }
          : undefined
      }
      standalone={standalone}
      testId="not-found"
    />
  );
}
