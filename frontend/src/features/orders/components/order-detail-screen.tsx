import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { OrderStatusChip, PaymentStatusChip } from '@/components/order-status/order-status-chip';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { useOrder } from '../api/get-order';
import { OrderActions } from './order-actions';
import {
  CustomerSection,
  ItemsSection,
  NotificationsSection,
  PaymentSection,
  PaymentsSection,
  TimelineSection,
} from './order-detail-sections';

/** `/admin/orders/:orderId`: customer, items with masked codes, payment, payments, timeline, notifications, actions. */
export function OrderDetailScreen({ orderId }: { orderId: string }) {
  const query = useOrder(orderId);
  const order = query.data;
  const t = strings.orders.detail;

  const back = (
    <Button
      component={RouterLink}
      to={paths.admin.orders}
      startIcon={<ArrowBack />}
      size="small"
      sx={{ alignSelf: 'flex-start' }}
    >
      {t.back}
    </Button>
  );

  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={strings.app.loading}>
        {back}
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }

  if (!order) {
    const notFound =
      isApiError(query.error, ERROR_CODES.notFound) ||
      isApiError(query.error, ERROR_CODES.orderNotFound) ||
      isApiError(query.error, ERROR_CODES.validation);
    return (
      <Stack spacing={2}>
        {back}
        <LoadErrorAlert
          severity={notFound ? 'warning' : 'error'}
          testId="admin-order-error"
          onRetry={notFound ? undefined : () => void query.refetch()}
        >
          {notFound ? t.notFound : t.loadError(query.error?.message ?? '')}
        </LoadErrorAlert>
      </Stack>
    );
  }

  return (
    <Stack
      spacing={2}
      data-testid="admin-order-detail"
      data-order-id={order.id}
      data-status={order.status}
    >
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography variant="h5" component="h1">
            {t.title(order.code)}
          </Typography>
          <OrderStatusChip status={order.status} size="medium" />
          <PaymentStatusChip status={order.paymentStatus} size="medium" />
        </Stack>
        <OrderActions order={order} />
      </Stack>
      {order.status === 'needs_attention' && <Alert severity="error">{t.needsAttention}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <CustomerSection order={order} />
        <PaymentSection order={order} />
        <ItemsSection order={order} />
        <TimelineSection order={order} />
      </Box>
      <PaymentsSection order={order} />
      <NotificationsSection order={order} />
    </Stack>
  );
}
