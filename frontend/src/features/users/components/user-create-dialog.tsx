import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-text-field';
import { USER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useCreateUser } from '../api/create-user';
import { RoleSelectField } from './role-select-field';
import { createUserSchema, type CreateUserValues } from './user-schemas';

const t = strings.users.form;
const FIELDS = ['userName', 'fullName', 'email', 'password', 'role'] as const;
const DEFAULTS: CreateUserValues = {
  userName: '',
  fullName: '',
  email: '',
  password: '',
  role: 'staff',
};

export function UserCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useCreateUser();
  const { control, handleSubmit, reset, setError } = useForm<CreateUserValues>({
    resolver: zodResolver(createUserSchema),
    defaultValues: DEFAULTS,
  });

  const close = () => {
    reset(DEFAULTS);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { ...values, email: values.email || null },
      {
        onSuccess: (user) => {
          showSuccess(strings.users.messages.created(user.userName));
          close();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, FIELDS)) showError(error);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      title={t.createTitle}
      onClose={close}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      maxWidth="sm"
      testId="user-create-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="userName"
          label={t.userName}
          helperText={t.userNameHelp}
          maxLength={USER_LIMITS.userNameMax}
          autoComplete="off"
          autoFocus
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <FormTextField
          control={control}
          name="fullName"
          label={t.fullName}
          maxLength={USER_LIMITS.fullNameMax}
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="email"
          label={t.email}
          type="email"
          autoComplete="off"
        />
        <FormPasswordField
          control={control}
          name="password"
          label={t.password}
          autoComplete="new-password"
        />
        <RoleSelectField control={control} name="role" />
      </Stack>
    </FormDialog>
  );
}
