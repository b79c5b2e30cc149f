import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { OrderStatusChip } from '@/components/order-status/order-status-chip';
import { orderDetailLink } from '@/config/paths';
import { strings } from '@/i18n/vi-shop';
import { confirm } from '@/lib/confirm';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { forgetOrder, useOrderHistory } from '../utils/order-history';

/**
 * 'Đơn hàng của bạn': the orders made on this device, each with its link (token included),
 * newest first. Nothing is shown before the first order.
 */
async function onForget(code: string) {
  const t = strings.myOrders;
  const accepted = await confirm({
    title: t.removeTitle,
    message: t.removeConfirm(code),
    acceptLabel: t.remove,
    rejectLabel: strings.common.cancel,
    destructive: true,
  });
  if (accepted) forgetOrder(code);
}

interface MyOrdersProps {
  /** A pointer, touch or focus on an order's link: the caller can fetch the order page ahead. */
  onOpenIntent?: () => void;
}

export function MyOrders({ onOpenIntent }: MyOrdersProps) {
  const orders = useOrderHistory();
  const t = strings.myOrders;
  if (orders.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="my-orders-title"
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="my-orders"
    >
      <Typography id="my-orders-title" variant="h6" component="h2">
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t.hint}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {orders.map((order) => (
          <Stack
            component="li"
            key={order.code}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{
              alignItems: { sm: 'center' },
              justifyContent: 'space-between',
              borderTop: 1,
              borderColor: 'divider',
              pt: 1,
            }}
            data-testid="my-orders-item"
            data-order-code={order.code}
          >
            <Stack spacing={0.25} sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" sx={{ fontFamily: 'monospace' }}>
                  {order.code}
                </Typography>
                {order.status && <OrderStatusChip status={order.status} />}
              </Stack>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {t.itemLine(order.productName, formatNumber(order.quantity))} ·{' '}
                {formatMoney(order.total)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t.createdAt(formatDateTime(order.createdAt))}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
              <Button
                variant="outlined"
                size="small"
                component={RouterLink}
                to={orderDetailLink(order.code, order.token)}
                aria-label={t.openLabel(order.code)}
                onPointerEnter={onOpenIntent}
                onTouchStart={onOpenIntent}
                onFocus={onOpenIntent}
              >
                {t.open}
              </Button>
              {/* A native title, not MUI's Tooltip: the storefront's first load carries no Popper. */}
              <IconButton
                size="small"
                title={t.remove}
                aria-label={t.removeLabel(order.code)}
                onClick={() => void onForget(order.code)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
