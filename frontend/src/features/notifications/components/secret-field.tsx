import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { useController, useWatch, type Control } from 'react-hook-form';
import { FormPasswordField } from '@/components/ui/form/form-text-field';
import { strings } from '@/i18n/vi';
import type { NotificationSettingsUpdate } from '../api/types';
import type { NotificationSettingsFormValues } from './notification-settings-schema';

const t = strings.notifications.settings.secret;

/** Each write-only secret with its "clear" flag and its "stored" flag. */
const SECRETS = {
  smtpPassword: { clear: 'clearSmtpPassword', stored: 'hasSmtpPassword' },
  telegramBotToken: { clear: 'clearTelegramBotToken', stored: 'hasTelegramBotToken' },
} as const;

interface SecretFieldProps {
  control: Control<NotificationSettingsFormValues, unknown, NotificationSettingsUpdate>;
  name: keyof typeof SECRETS;
  label: string;
  /** What the stored badge says: 'Đã lưu mật khẩu', 'Đã lưu token'. */
  storedText: string;
  disabled?: boolean;
  testId: string;
}

/**
 * A write-only secret: never filled in from the server. While one is stored it says so,
 * an empty field keeps it, and "Xóa" clears it on save (with an undo until then).
 */
export function SecretField({
  control,
  name,
  label,
  storedText,
  disabled,
  testId,
}: SecretFieldProps) {
  const { clear: clearName, stored: storedName } = SECRETS[name];
  const stored = useWatch({ control, name: storedName });
  const typed = useWatch({ control, name });
  const { field: clear } = useController({ control, name: clearName });
  const keeping = stored && !clear.value && typed === '';

  return (
    <Stack spacing={1}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <FormPasswordField
          control={control}
          name={name}
          label={label}
          helperText={stored && !clear.value ? t.keepHelp : t.notStoredHelp}
          placeholder={stored && !clear.value ? t.storedPlaceholder : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
          // Never let the browser fill in the admin's own password here.
          autoComplete="new-password"
          disabled={disabled}
          data-testid={testId}
        />
        {stored && !clear.value && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexShrink: 0, mt: { sm: 1 } }}
          >
            <Chip
              icon={<CheckCircleOutlined />}
              label={storedText}
              color={keeping ? 'success' : 'default'}
              variant="outlined"
              data-testid={`${testId}-stored`}
            />
            <Button
              color="error"
              variant="outlined"
              onClick={() => clear.onChange(true)}
              disabled={disabled}
              aria-label={t.clearLabel(label)}
              data-testid={`${testId}-clear`}
            >
              {t.clear}
            </Button>
          </Stack>
        )}
      </Stack>
      {stored && clear.value && typed === '' && (
        <Alert
          severity="warning"
          data-testid={`${testId}-clearing`}
          action={
            <Button color="inherit" size="small" onClick={() => clear.onChange(false)}>
              {t.undo}
            </Button>
          }
        >
          {t.clearing(label)}
        </Alert>
      )}
    </Stack>
  );
}
