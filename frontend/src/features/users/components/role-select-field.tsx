import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { strings } from '@/i18n/vi';
import { USER_ROLES } from '../api/types';

export function RoleSelectField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  return (
    <FormTextField control={control} name={name} label={strings.users.form.role} select>
      {USER_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {strings.users.roles[role]}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
