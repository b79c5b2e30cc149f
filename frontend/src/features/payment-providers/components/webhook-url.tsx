import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton, CopyIconButton } from '@/components/ui/copy-button';
import { strings } from '@/i18n/vi';
import type { PaymentProvider } from '../api/types';
import { absoluteWebhookUrl } from './payment-provider-schema';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** The provider's webhook address in a table cell, with a copy button. */
export function WebhookUrlCell({
  provider,
}: {
  provider: Pick<PaymentProvider, 'name' | 'webhookUrl'>;
}) {
  const url = absoluteWebhookUrl(provider.webhookUrl);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, minWidth: 0 }}>
      <Typography
        variant="caption"
        sx={{ fontFamily: MONO, overflowWrap: 'anywhere', minWidth: 0 }}
        aria-label={strings.paymentWebhook.urlLabel(provider.name)}
        data-testid="payment-provider-row-webhook-url"
      >
        {url}
      </Typography>
      <CopyIconButton text={url} label={strings.paymentWebhook.copyUrl} />
    </Stack>
  );
}

/** Right after a save: the address to paste into SePay, so the owner need not reopen the provider. */
export function SavedWebhookNotice({
  provider,
  onClose,
}: {
  provider: PaymentProvider;
  onClose: () => void;
}) {
  const url = absoluteWebhookUrl(provider.webhookUrl);
  const t = strings.paymentWebhook;
  return (
    <Alert
      severity="success"
      onClose={onClose}
      sx={{ mb: 2 }}
      data-testid="payment-provider-saved-webhook"
    >
      <AlertTitle>{t.savedTitle(provider.name)}</AlertTitle>
      <Box
        component="code"
        sx={{ display: 'block', fontFamily: MONO, overflowWrap: 'anywhere', my: 1 }}
        data-testid="payment-provider-saved-webhook-url"
      >
        {url}
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t.savedText}
      </Typography>
      <CopyButton text={url} label={t.copyUrl} />
    </Alert>
  );
}
