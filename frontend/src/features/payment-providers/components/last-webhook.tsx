import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { strings } from '@/i18n/vi';
import { formatDayTime } from '@/lib/format';
import { showError, showSuccess, showToast } from '@/lib/toast';
import { useTestPaymentProviderWebhook } from '../api/test-payment-provider-webhook';
import {
  ACCEPTED_WEBHOOK_OUTCOMES,
  type PaymentProvider,
  type TestWebhookResult,
  type WebhookOutcome,
} from '../api/types';

const t = strings.paymentProviders;

function accepted(outcome: WebhookOutcome): boolean {
  return (ACCEPTED_WEBHOOK_OUTCOMES as readonly WebhookOutcome[]).includes(outcome);
}

/** "Lần gọi gần nhất: 27/11/2026 21:05 — Sai chữ ký": refusals in the error colour. */
export function LastWebhookLine({ provider }: { provider: Pick<PaymentProvider, 'lastWebhook'> }) {
  const last = provider.lastWebhook;
  if (!last) {
    return (
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ mt: 0.5 }}
        data-testid="payment-provider-last-webhook"
        data-outcome=""
      >
        {t.noWebhookYet}
      </Typography>
    );
  }
  return (
    <Typography
      variant="caption"
      color={accepted(last.outcome) ? 'text.secondary' : 'error'}
      component="div"
      sx={{ mt: 0.5 }}
      data-testid="payment-provider-last-webhook"
      data-outcome={last.outcome}
    >
      {t.lastWebhook(formatDayTime(last.at), t.webhookOutcomes[last.outcome] ?? last.outcome)}
    </Typography>
  );
}

/** What the toast says of a test delivery. */
export function testWebhookMessage(name: string, result: TestWebhookResult): string {
  if (result.accepted) return t.testWebhook.accepted(name);
  const reason =
    result.outcome && !accepted(result.outcome)
      ? t.webhookOutcomes[result.outcome]
      : (result.error ?? strings.toast.fallbackError);
  return t.testWebhook.refused(name, reason);
}

/**
 * "Gửi thử": a signed test delivery through the provider's real webhook (admin and
 * staff). The outcome is told in a toast; the last-call line updates with the list.
 */
export function TestWebhookButton({
  provider,
}: {
  provider: Pick<PaymentProvider, 'id' | 'name'>;
}) {
  const test = useTestPaymentProviderWebhook();
  const onClick = () =>
    test.mutate(provider.id, {
      onSuccess: (result) => {
        const message = testWebhookMessage(provider.name, result);
        if (result.accepted) showSuccess(message);
        else showToast({ severity: 'error', title: t.testWebhook.failedTitle, message });
      },
      onError: (error) => showError(error, t.testWebhook.failedTitle),
    });
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<SendOutlined />}
        onClick={onClick}
        disabled={test.isPending}
        aria-label={t.testWebhook.label(provider.name)}
        data-testid="payment-provider-test-webhook"
      >
        {test.isPending ? t.testWebhook.sending : t.testWebhook.button}
      </Button>
    </Box>
  );
}
