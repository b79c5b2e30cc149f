import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormPasswordField } from '@/components/ui/form/form-text-field';
import { CHANGE_PASSWORD_TOAST_LIFE_MS } from '@/config/constants';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import {
  CHANGE_PASSWORD_DEFAULTS,
  changePasswordSchema,
  type ChangePasswordValues,
} from './change-password-schema';

const t = strings.changePassword;
const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useChangePassword();
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: CHANGE_PASSWORD_DEFAULTS,
  });

  const close = () => {
    reset(CHANGE_PASSWORD_DEFAULTS);
    mutation.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        showSuccess(t.success, strings.toast.titles.success, CHANGE_PASSWORD_TOAST_LIFE_MS);
        close();
      },
      onError: (error) => {
        if (isApiError(error, ERROR_CODES.wrongOldPassword)) {
          showError(t.wrongOldPassword, strings.toast.titles.error, CHANGE_PASSWORD_TOAST_LIFE_MS);
        } else if (!applyServerFieldErrors(error, setError, FIELDS)) {
          showError(error, strings.toast.titles.error, CHANGE_PASSWORD_TOAST_LIFE_MS);
        }
      },
    });
  });

  return (
    <FormDialog
      open={open}
      title={t.title}
      onClose={close}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      testId="change-password-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormPasswordField
          control={control}
          name="oldPassword"
          label={t.oldPassword}
          autoComplete="current-password"
          autoFocus
        />
        <FormPasswordField
          control={control}
          name="newPassword"
          label={t.newPassword}
          autoComplete="new-password"
        />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label={t.confirmPassword}
          autoComplete="new-password"
        />
      </Stack>
    </FormDialog>
  );
}
