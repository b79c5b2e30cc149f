import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { FormImageUploadField } from '@/components/image-upload/image-upload-field';
import { PageHeader } from '@/components/ui/page-header';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { CONFIGURATION_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatDateTime } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useAdminAppConfiguration } from '../api/get-admin-app-configuration';
import type { UpdateAppConfigurationPayload } from '../api/types';
import { useUpdateAppConfiguration } from '../api/update-app-configuration';
import {
  CONFIGURATION_FIELDS,
  configurationSchema,
  toConfigurationValues,
  type ConfigurationFormValues,
} from './configuration-schema';

const t = strings.configuration;

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

/** The shop's configuration (admin only): identity, contact, analytics. */
export function ConfigurationScreen() {
  const config = useAdminAppConfiguration();
  const update = useUpdateAppConfiguration();
  const [uploading, setUploading] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm<
    ConfigurationFormValues,
    unknown,
    UpdateAppConfigurationPayload
  >({
    resolver: zodResolver(configurationSchema),
    defaultValues: toConfigurationValues(undefined),
  });

  // Load the saved values once they arrive, unless the admin has started editing.
  const { isDirty } = formState;
  useEffect(() => {
    if (config.data && !isDirty) reset(toConfigurationValues(config.data));
  }, [config.data, isDirty, reset]);

  const onSubmit = handleSubmit((payload) => {
    if (uploading) return;
    update.mutate(payload, {
      onSuccess: (saved) => {
        reset(toConfigurationValues(saved));
        showSuccess(t.saved);
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, CONFIGURATION_FIELDS)) showError(error);
      },
    });
  });

  const saved = config.data;
  const lastUpdated =
    saved?.updatedBy && saved.updatedAt
      ? t.lastUpdated(formatDateTime(saved.updatedAt), saved.updatedBy)
      : t.neverUpdated;

  return (
    <>
      <PageHeader title={t.title} />
      {config.error && (
        <LoadErrorAlert sx={{ mb: 2 }} onRetry={() => void config.refetch()}>
          {t.loadError(config.error.message)}
        </LoadErrorAlert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {config.isPending ? (
          <Stack spacing={2} aria-busy="true" aria-label={strings.app.loading}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            data-testid="configuration-form"
          >
            <Grid container spacing={2}>
              <Section title={t.sections.identity} />
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="shopName"
                  label={t.fields.shopName}
                  required
                  fullWidth
                  maxLength={CONFIGURATION_LIMITS.shopNameMax}
                  slotProps={{ htmlInput: { 'data-testid': 'configuration-shop-name' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="shopTagline"
                  label={t.fields.shopTagline}
                  fullWidth
                  maxLength={CONFIGURATION_LIMITS.shopTaglineMax}
                />
              </Grid>
              <Grid size={12}>
                <FormImageUploadField
                  control={control}
                  name="logoUrl"
                  label={t.fields.logo}
                  onBusyChange={setUploading}
                  disabled={update.isPending}
                  testId="configuration-logo"
                />
              </Grid>
              <Grid size={12}>
                <FormTextField
                  control={control}
                  name="footerNote"
                  label={t.fields.footerNote}
                  fullWidth
                  multiline
                  minRows={2}
                  maxLength={CONFIGURATION_LIMITS.footerNoteMax}
                />
              </Grid>

              <Section title={t.sections.contact} />
              <Grid size={12}>
                <FormTextField
                  control={control}
                  name="socialUrl"
                  label={t.fields.socialUrl}
                  helperText={t.fields.socialUrlHelp}
                  type="url"
                  fullWidth
                  maxLength={CONFIGURATION_LIMITS.urlMax}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="contactEmail"
                  label={t.fields.contactEmail}
                  type="email"
                  fullWidth
                  maxLength={CONFIGURATION_LIMITS.emailMax}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="contactPhone"
                  label={t.fields.contactPhone}
                  type="tel"
                  fullWidth
                  maxLength={CONFIGURATION_LIMITS.phoneMax}
                />
              </Grid>

              <Section title={t.sections.analytics} />
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField
                  control={control}
                  name="analyticsId"
                  label={t.fields.analyticsId}
                  helperText={t.fields.analyticsIdHelp}
                  fullWidth
                  maxLength={CONFIGURATION_LIMITS.analyticsIdMax}
                  autoComplete="off"
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
                />
              </Grid>

              <Grid size={12}>
                <Stack
                  direction={{ xs: 'column-reverse', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    data-testid="configuration-last-updated"
                  >
                    {lastUpdated}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      color="inherit"
                      disabled={!isDirty || update.isPending}
                      onClick={() => reset(toConfigurationValues(config.data))}
                    >
                      {t.reset}
                    </Button>
                    <Button
                      type="submit"
                      variant="contained"
                      loading={update.isPending}
                      disabled={uploading}
                      data-testid="configuration-save"
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
