import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { OrderStatusChip, PaymentStatusChip } from '@/components/order-status/order-status-chip';
import { STOCK_LEVELS } from '@/features/catalogue/api/types';
import { StockBadge, stockBadge } from '@/features/catalogue/components/stock-badge';
import {
  PaymentProviderActiveChip,
  PaymentProviderTypeChip,
  PaymentProviderWebhookChip,
} from '@/features/payment-providers/components/payment-provider-chips';
import { TransactionStatusChip } from '@/features/payment-transactions/components/transaction-status-chip';
import { TRANSACTION_STATUSES } from '@/features/payment-transactions/api/types';
import { PRODUCT_STATUSES } from '@/features/products/api/types';
import { ProductStatusChip } from '@/features/products/components/product-status-chip';
import { SERIAL_CODE_STATUSES } from '@/features/serial-codes/api/types';
import { SerialCodeStatusChip } from '@/features/serial-codes/components/serial-code-status-chip';
import { uikit } from '@/i18n/vi/guide';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@/lib/order-status';
import { DemoBlock, UikitPage } from './uikit-frame';

const t = uikit.misc;

function ChipRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
}

/** `/uikit/misc`: every status chip the screens show, in every state. */
export function MiscPage() {
  return (
    <UikitPage section="misc">
      <DemoBlock title={t.orders} testId="demo-order-chips">
        <ChipRow>
          {ORDER_STATUSES.map((status) => (
            <OrderStatusChip key={status} status={status} />
          ))}
        </ChipRow>
      </DemoBlock>
      <DemoBlock title={t.payments} testId="demo-payment-chips">
        <ChipRow>
          {PAYMENT_STATUSES.map((status) => (
            <PaymentStatusChip key={status} status={status} />
          ))}
        </ChipRow>
      </DemoBlock>
      <DemoBlock title={t.codes} testId="demo-code-chips">
        <ChipRow>
          {SERIAL_CODE_STATUSES.map((status) => (
            <SerialCodeStatusChip key={status} status={status} />
          ))}
        </ChipRow>
      </DemoBlock>
      <DemoBlock title={t.products}>
        <ChipRow>
          {PRODUCT_STATUSES.map((status) => (
            <ProductStatusChip key={status} status={status} />
          ))}
        </ChipRow>
      </DemoBlock>
      <DemoBlock title={t.transactions}>
        <ChipRow>
          {TRANSACTION_STATUSES.map((status) => (
            <TransactionStatusChip key={status} status={status} />
          ))}
        </ChipRow>
      </DemoBlock>
      <DemoBlock title={t.stock}>
        <ChipRow>
          {STOCK_LEVELS.map((level) => (
            <StockBadge key={level} model={stockBadge(level)} />
          ))}
        </ChipRow>
      </DemoBlock>
      <DemoBlock title={t.providers}>
        <ChipRow>
          <PaymentProviderTypeChip type="vietqr_bank" />
          <PaymentProviderTypeChip type="manual" />
          <PaymentProviderActiveChip isActive />
          <PaymentProviderActiveChip isActive={false} />
          <PaymentProviderWebhookChip provider={{ webhookEnabled: true, hasWebhookSecret: true }} />
          <PaymentProviderWebhookChip
            provider={{ webhookEnabled: true, hasWebhookSecret: false }}
          />
          <PaymentProviderWebhookChip
            provider={{ webhookEnabled: false, hasWebhookSecret: false }}
          />
        </ChipRow>
      </DemoBlock>
    </UikitPage>
  );
}
