import Chip, { type ChipProps } from '@mui/material/Chip';
import { strings } from '@/i18n/vi';
import type { PaymentProvider, PaymentProviderType } from '../api/types';
import { webhookStatusOf, type WebhookStatus } from './payment-provider-schema';

const t = strings.paymentProviders;

const TYPE_COLORS: Record<PaymentProviderType, ChipProps['color']> = {
  vietqr_bank: 'primary',
  manual: 'default',
};

export function PaymentProviderTypeChip({ type }: { type: PaymentProviderType }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t.types[type] ?? type}
      color={TYPE_COLORS[type] ?? 'default'}
      data-testid="payment-provider-type-chip"
      data-type={type}
    />
  );
}

export function PaymentProviderActiveChip({ isActive }: { isActive: boolean }) {
  return (
    <Chip
      size="small"
      label={isActive ? t.status.active : t.status.inactive}
      color={isActive ? 'success' : 'default'}
      data-testid="payment-provider-active-chip"
      data-active={isActive}
    />
  );
}

const WEBHOOK_COLORS: Record<WebhookStatus, ChipProps['color']> = {
  configured: 'success',
  missingSecret: 'warning',
  disabled: 'default',
};

export function PaymentProviderWebhookChip({
  provider,
}: {
  provider: Pick<PaymentProvider, 'webhookEnabled' | 'hasWebhookSecret'>;
}) {
  const status = webhookStatusOf(provider);
  return (
    <Chip
      size="small"
      variant={status === 'configured' ? 'filled' : 'outlined'}
      label={t.webhookStatus[status]}
      color={WEBHOOK_COLORS[status]}
      data-testid="payment-provider-webhook-status"
      data-status={status}
    />
  );
}
