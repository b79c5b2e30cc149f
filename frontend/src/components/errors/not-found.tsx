import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { paths } from '@/config/paths';
import { vi } from '@/i18n/vi-shop';
import { ErrorScreen } from './error-screen';

export function NotFound({ standalone = true }: { standalone?: boolean }) {
  return (
    <ErrorScreen
      code="404"
      title={vi.errors.notFoundTitle}
      text={vi.errors.notFoundText}
      icon={<SearchOffOutlined />}
      action={standalone ? { label: vi.common.backToHome, to: paths.home } : { label: vi.common.backToAdmin, to: paths.admin.root }}
      secondaryAction={standalone ? { label: vi.shell.orderLookup, to: paths.orderDetail, testId: 'not-found-order-lookup' } : undefined}
      standalone={standalone}
      testId="not-found"
    />
  );
}
