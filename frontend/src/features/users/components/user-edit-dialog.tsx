import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormSwitchField } from '@/components/ui/form/form-switch-field';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { USER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useUpdateUser } from '../api/update-user';
import type { User } from '../api/types';
import { RoleSelectField } from './role-select-field';
import { editUserSchema, type EditUserValues } from './user-schemas';

const t = strings.users.form;
const FIELDS = ['fullName', 'email', 'role', 'isActive'] as const;

function toValues(user: User | null): EditUserValues {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'staff',
    isActive: user?.isActive ?? true,
  };
}

export function UserEditDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const mutation = useUpdateUser();
  const { control, handleSubmit, reset, setError } = useForm<EditUserValues>({
    resolver: zodResolver(editUserSchema),
    defaultValues: toValues(user),
  });

  useEffect(() => {
    if (user) reset(toValues(user));
  }, [user, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    mutation.mutate(
      { id: user.id, ...values, email: values.email || null },
      {
        onSuccess: (updated) => {
          showSuccess(strings.users.messages.updated(updated.userName));
          onClose();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, FIELDS)) showError(error);
        },
      },
    );
  });

  return (
    <FormDialog
      open={user !== null}
      title={t.editTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      maxWidth="sm"
      testId="user-edit-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label={t.userName} value={user?.userName ?? ''} disabled />
        <FormTextField
          control={control}
          name="fullName"
          label={t.fullName}
          maxLength={USER_LIMITS.fullNameMax}
          autoFocus
        />
        <FormTextField control={control} name="email" label={t.email} type="email" />
        <RoleSelectField control={control} name="role" />
        <FormSwitchField control={control} name="isActive" label={t.isActive} />
      </Stack>
    </FormDialog>
  );
}
