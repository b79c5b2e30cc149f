import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { FormSwitchField } from '@/components/ui/form/form-switch-field';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { EMAIL_MAX } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { ApiError, isApiError } from '@/lib/api/errors';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatDayTime } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useNotificationSettings } from '../api/get-notification-settings';
import {
  SELLER_EVENT_SETTINGS,
  SHOPPER_EVENT_SETTINGS,
  SMTP_SECURITIES,
  type EventSettingKey,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '../api/types';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import {
  DEFAULT_SMTP_PORTS,
  isEmailOff,
  isTelegramOff,
  NOTIFICATION_LIMITS,
  NOTIFICATION_SETTINGS_FIELDS,
  notificationSettingsSchema,
  toNotificationSettingsValues,
  type NotificationSettingsFormValues,
} from './notification-settings-schema';
import { SecretField } from './secret-field';
import { SellerEmailsField } from './seller-emails-field';

const t = strings.notifications.settings;

function Section({ title }: { title: string }) {
  return (
    <Grid size={12}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Divider sx={{ mt: 0.5 }} />
    </Grid>
  );
}

/** A server detail naming an item of a list (`sellerEmails[1]`, `sellerEmails.1`) goes under the list. */
function withListFields(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const details = error.details.map((detail) => ({
    ...detail,
    field: detail.field?.replace(/^(sellerEmails)[[.].*$/, '$1'),
  }));
  return new ApiError(error.code, error.message, details, error.status);
}

/** Whether e-mail and Telegram go out now, said above the form. */
function ChannelAlerts({ settings }: { settings: NotificationSettings }) {
  const emailOff = isEmailOff(settings);
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      {emailOff && (
        <Alert severity="warning" data-testid="notification-email-off">
          {t.emailOff}
        </Alert>
      )}
      {!emailOff && !settings.smtpHost && settings.smtpFromEnvironment === true && (
        <Alert severity="info" data-testid="notification-email-environment">
          {t.emailFromEnvironment}
        </Alert>
      )}
      {isTelegramOff(settings) && (
        <Alert severity="info" data-testid="notification-telegram-off">
          {t.telegramOff}
        </Alert>
      )}
    </Stack>
  );
}

/** The notification settings (admin only): SMTP, sender and seller addresses, Telegram, one switch per message. */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const { control, handleSubmit, reset, setError, formState } = useForm<
    NotificationSettingsFormValues,
    unknown,
    NotificationSettingsUpdate
  >({
    resolver: zodResolver(notificationSettingsSchema),
    defaultValues: toNotificationSettingsValues(undefined),
  });
  const security = useWatch({ control, name: 'smtpSecurity' });

  // Load the saved values once they arrive, unless the admin has started editing.
  const { isDirty } = formState;
  useEffect(() => {
    if (settings.data && !isDirty) reset(toNotificationSettingsValues(settings.data));
  }, [settings.data, isDirty, reset]);

  const onSubmit = handleSubmit((payload) => {
    update.mutate(payload, {
      onSuccess: (saved) => {
        reset(toNotificationSettingsValues(saved));
        showSuccess(t.saved);
      },
      onError: (error) => {
        if (!applyServerFieldErrors(withListFields(error), setError, NOTIFICATION_SETTINGS_FIELDS))
          showError(error);
      },
    });
  });

  const saved = settings.data;
  const lastUpdated =
    saved?.updatedBy && saved.updatedAt
      ? t.lastUpdated(formatDayTime(saved.updatedAt), saved.updatedBy)
      : t.neverUpdated;
  const pending = update.isPending;

  const eventSwitches = (keys: readonly EventSettingKey[]) =>
    keys.map((key) => (
      <Grid key={key} size={{ xs: 12, md: 6 }}>
        <FormSwitchField
          control={control}
          name={`events.${key}`}
          label={t.events[key]}
          testId={`notification-event-${key}`}
        />
      </Grid>
    ));

  return (
    <>
      {settings.error && (
        <LoadErrorAlert sx={{ mb: 2 }} onRetry={() => void settings.refetch()}>
          {t.loadError(settings.error.message)}
        </LoadErrorAlert>
      )}
      {saved && <ChannelAlerts settings={saved} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {settings.isPending ? (
          <Stack spacing={2} aria-busy="true" aria-label={strings.app.loading}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            data-testid="notification-settings-form"
            aria-label={t.formLabel}
          >
            <Grid container spacing={2}>
              <Section title={t.sections.smtp} />
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="smtpHost"
                  label={t.fields.smtpHost}
                  helperText={t.fields.smtpHostHelp}
                  fullWidth
                  autoComplete="off"
                  maxLength={NOTIFICATION_LIMITS.hostMax}
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4, md: 2 }}>
                <FormTextField
                  control={control}
                  name="smtpPort"
                  label={t.fields.smtpPort}
                  helperText={t.fields.smtpPortHelp(DEFAULT_SMTP_PORTS[security])}
                  fullWidth
                  autoComplete="off"
                  maxLength={5}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 8, md: 4 }}>
                <FormTextField
                  control={control}
                  name="smtpSecurity"
                  label={t.fields.smtpSecurity}
                  select
                  fullWidth
                >
                  {SMTP_SECURITIES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t.security[value]}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="smtpUserName"
                  label={t.fields.smtpUserName}
                  fullWidth
                  autoComplete="off"
                  maxLength={NOTIFICATION_LIMITS.userNameMax}
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <SecretField
                  control={control}
                  name="smtpPassword"
                  label={t.fields.smtpPassword}
                  storedText={t.secret.stored}
                  disabled={pending}
                  testId="notification-smtp-password"
                />
              </Grid>

              <Section title={t.sections.mail} />
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="mailFrom"
                  label={t.fields.mailFrom}
                  helperText={t.fields.mailFromHelp}
                  fullWidth
                  autoComplete="off"
                  maxLength={EMAIL_MAX + 100}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="mailReplyTo"
                  label={t.fields.mailReplyTo}
                  type="email"
                  fullWidth
                  autoComplete="off"
                  maxLength={EMAIL_MAX}
                />
              </Grid>
              <Grid size={12}>
                <SellerEmailsField control={control} disabled={pending} />
              </Grid>

              <Section title={t.sections.telegram} />
              <Grid size={{ xs: 12, md: 7 }}>
                <SecretField
                  control={control}
                  name="telegramBotToken"
                  label={t.fields.telegramBotToken}
                  storedText={t.secret.storedToken}
                  disabled={pending}
                  testId="notification-telegram-token"
                />
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <FormTextField
                  control={control}
                  name="telegramChatId"
                  label={t.fields.telegramChatId}
                  helperText={t.fields.telegramChatIdHelp}
                  fullWidth
                  autoComplete="off"
                  maxLength={NOTIFICATION_LIMITS.chatIdMax}
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
                />
              </Grid>

              <Section title={t.sections.shopperEvents} />
              {eventSwitches(SHOPPER_EVENT_SETTINGS)}
              <Section title={t.sections.sellerEvents} />
              {eventSwitches(SELLER_EVENT_SETTINGS)}

              <Grid size={12}>
                <Stack
                  direction={{ xs: 'column-reverse', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    data-testid="notification-settings-last-updated"
                  >
                    {lastUpdated}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      color="inherit"
                      disabled={!isDirty || pending}
                      onClick={() => reset(toNotificationSettingsValues(settings.data))}
                    >
                      {t.reset}
                    </Button>
                    <Button
                      type="submit"
                      variant="contained"
                      loading={pending}
                      data-testid="notification-settings-save"
                    >
                      {strings.common.save}
                    </Button>
                  </Stack>
                </Stack>
              </Grid>
            </Grid>
          </form>
        )}
      </Paper>
    </>
  );
}
