import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { strings } from '@/i18n/vi';
import { formatMoney, formatNumber } from '@/lib/format';
import type { CustomerOrderItem } from '../api/types';

interface OrderItemsCardProps {
  items: CustomerOrderItem[];
  total?: number | null;
  paidAmount?: number | null;
}

/** What was ordered, with the total and what has been paid so far. */
export function OrderItemsCard({ items, total, paidAmount }: OrderItemsCardProps) {
  const t = strings.customerOrder.items;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="items-title"
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="order-items"
    >
      <Typography id="items-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      <Stack spacing={1}>
        {items.map((item) => (
          <Stack
            key={item.productId}
            direction="row"
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            data-testid="order-item"
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body1" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {item.productName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t.line(formatNumber(item.quantity), formatMoney(item.unitPrice))}
              </Typography>
            </Box>
            <Typography variant="body1" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(item.lineTotal)}
            </Typography>
          </Stack>
        ))}
        {total != null && (
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', borderTop: 1, borderColor: 'divider', pt: 1 }}
          >
            <Typography sx={{ fontWeight: 700 }}>{t.total}</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="order-total">
              {formatMoney(total)}
            </Typography>
          </Stack>
        )}
        {paidAmount != null && paidAmount > 0 && (
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography color="text.secondary">{t.paid}</Typography>
            <Typography color="text.secondary" data-testid="order-paid-amount">
              {formatMoney(paidAmount)}
            </Typography>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
