import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { vi } from '@/i18n/vi';
import { USER_ROLES } from '../api/types';

export function RoleSelectField<T extends FieldValues>({ control, name }: { control: Control<T>; name: FieldPath<T> }) {
  return (
    <FormTextField control={control} name={name} label={vi.users.form.role} select>
      {USER_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {vi.users.roles[role]}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
