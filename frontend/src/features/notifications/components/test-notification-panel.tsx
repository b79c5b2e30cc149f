import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { EMAIL_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import '@/lib/zod-setup';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSendTestNotification } from '../api/send-test-notification';
import type { NotificationChannel } from '../api/types';
import { isEmailAddress, mailboxAddress } from './notification-settings-schema';

const t = strings.notifications.test;

const testEmailSchema = z.object({
  to: z
    .string()
    .trim()
    .min(1, { message: t.emailToRequired, abort: true })
    .refine(isEmailAddress, t.emailToInvalid),
});
type TestEmailValues = z.input<typeof testEmailSchema>;

/** A failed test: the SMTP or Telegram server's own words (code 1), per channel. */
type Failure = { channel: NotificationChannel; message: string } | null;

function FailureAlert({ failure, channel }: { failure: Failure; channel: NotificationChannel }) {
  if (failure?.channel !== channel) return null;
  return (
    <Alert severity="error" data-testid={`notification-test-${channel}-error`}>
      <AlertTitle>{t.failedTitle}</AlertTitle>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {failure.message}
      </Typography>
    </Alert>
  );
}

/** "Gửi thử", under the settings: a test e-mail to an address, a test Telegram message to the stored chat. */
export function TestNotificationPanel() {
  const settings = useNotificationSettings();
  const send = useSendTestNotification();
  const [failure, setFailure] = useState<Failure>(null);
  const [sending, setSending] = useState<NotificationChannel | null>(null);
  const { control, handleSubmit, setError, getFieldState, setValue } = useForm<TestEmailValues>({
    resolver: zodResolver(testEmailSchema),
    defaultValues: { to: '' },
  });

  // The stored sender by default, until the admin types another address.
  const defaultTo = mailboxAddress(settings.data?.mailFrom ?? '') ?? '';
  useEffect(() => {
    if (defaultTo && !getFieldState('to').isDirty) setValue('to', defaultTo);
  }, [defaultTo, getFieldState, setValue]);

  const run = (channel: NotificationChannel, to?: string) => {
    setFailure(null);
    setSending(channel);
    send.mutate(
      { channel, ...(to !== undefined && { to }) },
      {
        onSuccess: () => showSuccess(t.sent),
        onError: (error) => {
          if (channel === 'email' && applyServerFieldErrors(error, setError, ['to'])) return;
          if (isApiError(error, ERROR_CODES.validation))
            setFailure({ channel, message: error.message });
          else showError(error);
        },
        onSettled: () => setSending(null),
      },
    );
  };

  const onSendEmail = handleSubmit(({ to }) => run('email', to));

  return (
    <Stack
      component="section"
      spacing={2}
      aria-labelledby="notification-test-title"
      data-testid="notification-test"
    >
      <Typography id="notification-test-title" variant="h6" component="h2">
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t.intro}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          component="form"
          noValidate
          onSubmit={(event) => void onSendEmail(event)}
          spacing={2}
          aria-label={t.emailTitle}
          data-testid="notification-test-email"
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t.emailTitle}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <FormTextField
              control={control}
              name="to"
              label={t.emailTo}
              type="email"
              fullWidth
              autoComplete="email"
              maxLength={EMAIL_MAX}
              slotProps={{
                htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<SendOutlined />}
              loading={sending === 'email'}
              disabled={sending !== null}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: { sm: 1 } }}
              data-testid="notification-test-email-send"
            >
              {t.sendEmail}
            </Button>
          </Stack>
          <FailureAlert failure={failure} channel="email" />
        </Stack>
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="notification-test-telegram"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2}>
          <Typography
            id="notification-test-telegram"
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600 }}
          >
            {t.telegramTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.telegramHint}
          </Typography>
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            onClick={() => run('telegram')}
            loading={sending === 'telegram'}
            disabled={sending !== null}
            sx={{ alignSelf: { sm: 'flex-start' } }}
            data-testid="notification-test-telegram-send"
          >
            {t.sendTelegram}
          </Button>
          <FailureAlert failure={failure} channel="telegram" />
        </Stack>
      </Paper>
    </Stack>
  );
}
