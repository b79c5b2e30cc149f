import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { vi } from '@/i18n/vi';

export function OrderDetailRoute() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="storefront-order-detail">
      <ReceiptLongOutlined color="primary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {vi.storefront.orderDetailTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {vi.storefront.orderDetailComingSoon}
      </Typography>
    </Paper>
  );
}
