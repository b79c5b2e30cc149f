import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { CopyButton } from '@/components/ui/copy-button';
import { orderDetailLink, paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { useCustomerOrder } from '../api/get-customer-order';
import { updateRememberedStatus } from '../utils/order-history';
import { OrderCodesCard } from './order-codes-card';
import { OrderItemsCard } from './order-items-card';
import { OrderLookup } from './order-lookup';
import { OrderStatusBanner } from './order-status-banner';
import { PaymentInstructionCard } from './payment-instruction-card';
import { ShopContactNote } from './shop-contact-note';

interface CustomerOrderScreenProps {
  code: string;
  token: string;
  socialUrl?: string | null;
}

/** The order seen through its secret link: polls every 5 s until final, then the codes. */
export function CustomerOrderScreen({ code, token, socialUrl }: CustomerOrderScreenProps) {
  const query = useCustomerOrder(code, token);
  const order = query.data;
  const t = strings.customerOrder;

  useEffect(() => {
    if (order) updateRememberedStatus(order.code, order.status);
  }, [order]);

  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={strings.app.loading}>
        <Skeleton variant="text" width="60%" height={48} />
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={280} />
      </Stack>
    );
  }

  if (!order) {
    const notFound = isApiError(query.error, ERROR_CODES.orderNotFound);
    return (
      <Stack spacing={2}>
        <LoadErrorAlert
          severity={notFound ? 'warning' : 'error'}
          testId="customer-order-error"
          onRetry={notFound ? undefined : () => void query.refetch()}
        >
          {notFound ? t.notFound : t.loadError(query.error?.message ?? '')}
        </LoadErrorAlert>
        {notFound && <OrderLookup initialCode={code} socialUrl={socialUrl} />}
      </Stack>
    );
  }

  const link = `${window.location.origin}${orderDetailLink(order.code, token)}`;
  const completed = order.status === 'completed';
  const pending = order.status === 'pending_payment';

  return (
    <Stack
      spacing={2}
      data-testid="customer-order"
      data-order-code={order.code}
      data-status={order.status}
    >
      <div>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t.title(order.code)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.createdAt(formatDateTime(order.createdAt))}
        </Typography>
      </div>

      <OrderStatusBanner
        status={order.status}
        paymentStatus={order.paymentStatus}
        expiresAt={order.expiresAt}
      >
        {(order.status === 'needs_attention' ||
          order.status === 'expired' ||
          order.status === 'cancelled') && (
          <ShopContactNote text={t.contact} socialUrl={socialUrl} />
        )}
        {pending && (
          <Typography variant="caption" color="text.secondary">
            {t.autoRefresh}
          </Typography>
        )}
      </OrderStatusBanner>

      {query.isError && (
        <Alert severity="warning" data-testid="customer-order-refresh-error">
          {t.refreshError}
        </Alert>
      )}

      {completed && <OrderCodesCard items={order.items} />}
      {pending && (
        <PaymentInstructionCard
          orderCode={order.code}
          payment={order.payment}
          total={order.total}
          paidAmount={order.paidAmount}
        />
      )}

      <Alert severity="info" data-testid="customer-order-keep-link">
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <span>{t.keepLink}</span>
          <CopyButton text={link} label={t.copyLink} testId="customer-order-copy-link" />
        </Stack>
      </Alert>

      <OrderItemsCard items={order.items} total={order.total} paidAmount={order.paidAmount} />

      <Button
        component={RouterLink}
        to={paths.home}
        variant="text"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t.backToShop}
      </Button>
    </Stack>
  );
}
