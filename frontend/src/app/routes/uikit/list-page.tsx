import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { OrderStatusChip } from '@/components/order-status/order-status-chip';
import { ProductCard } from '@/features/catalogue/components/product-card';
import { uikit } from '@/i18n/vi/guide';
import { formatMoney } from '@/lib/format';
import { ORDER_STATUSES } from '@/lib/order-status';
import { sampleCatalogue } from './sample-data';
import { DemoBlock, SampleBadge, UikitPage } from './uikit-frame';

const products = sampleCatalogue();

/** `/uikit/list`: the storefront's product grid and a plain list with status chips. */
export function ListPage() {
  return (
    <UikitPage section="list">
      <SampleBadge />
      <DemoBlock title={uikit.list.grid}>
        <Grid container spacing={2}>
          {products.map((product) => (
            <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <ProductCard product={product} onBuy={() => undefined} />
            </Grid>
          ))}
        </Grid>
      </DemoBlock>
      <DemoBlock title={uikit.list.links}>
        <List dense disablePadding>
          {ORDER_STATUSES.map((status, index) => (
            <ListItem key={status} divider secondaryAction={<OrderStatusChip status={status} />}>
              <ListItemText
                primary={`DH00000${index + 1}QX`}
                secondary={formatMoney((index + 1) * 50_000)}
              />
            </ListItem>
          ))}
        </List>
      </DemoBlock>
    </UikitPage>
  );
}
