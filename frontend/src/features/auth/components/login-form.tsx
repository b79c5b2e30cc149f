import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-text-field';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError } from '@/lib/toast';
import { useLogin, type LoginResult } from '../api/login';
import { loginSchema, type LoginValues } from './login-schema';

/** Errors the spec shows on the form itself rather than as a toast. */
const FORM_ERROR_CODES: readonly number[] = [
  ERROR_CODES.wrongCredentials,
  ERROR_CODES.tooManyLoginFailures,
  ERROR_CODES.accountDisabled,
];

export function LoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { userName: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (isApiError(error) && FORM_ERROR_CODES.includes(error.code)) setFormError(error.message);
        else if (!applyServerFieldErrors(error, setError, ['userName', 'password']))
          showError(error);
      },
    });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={strings.auth.loginTitle}
      data-testid="login-form"
    >
      <Stack spacing={2}>
        {formError && (
          <Alert severity="error" data-testid="login-error">
            {formError}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="userName"
          label={strings.auth.userName}
          autoComplete="username"
          autoFocus
          size="medium"
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <FormPasswordField
          control={control}
          name="password"
          label={strings.auth.password}
          autoComplete="current-password"
          size="medium"
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
          {strings.auth.submit}
        </Button>
      </Stack>
    </form>
  );
}
