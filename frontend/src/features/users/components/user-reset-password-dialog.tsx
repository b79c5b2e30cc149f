import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormPasswordField } from '@/components/ui/form/form-text-field';
import { strings } from '@/i18n/vi';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useResetUserPassword } from '../api/reset-user-password';
import type { User } from '../api/types';
import { resetPasswordSchema, type ResetPasswordValues } from './user-schemas';

const t = strings.users.form;
const DEFAULTS: ResetPasswordValues = { newPassword: '', confirmPassword: '' };

export function UserResetPasswordDialog({
  user,
  onClose,
}: {
  user: User | null;
  onClose: () => void;
}) {
  const mutation = useResetUserPassword();
  const { control, handleSubmit, reset, setError } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: DEFAULTS,
  });

  const close = () => {
    reset(DEFAULTS);
    onClose();
  };

  const onSubmit = handleSubmit(({ newPassword }) => {
    if (!user) return;
    mutation.mutate(
      { id: user.id, newPassword },
      {
        onSuccess: () => {
          showSuccess(strings.users.messages.passwordReset(user.userName));
          close();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, ['newPassword'])) showError(error);
        },
      },
    );
  });

  return (
    <FormDialog
      open={user !== null}
      title={t.resetTitle(user?.userName ?? '')}
      onClose={close}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      testId="user-reset-password-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormPasswordField
          control={control}
          name="newPassword"
          label={t.newPassword}
          autoComplete="new-password"
          autoFocus
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
