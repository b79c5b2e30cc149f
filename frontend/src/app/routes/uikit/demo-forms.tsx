import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-text-field';
import { PRODUCT_LIMITS } from '@/config/limits';
import {
  CHANGE_PASSWORD_DEFAULTS,
  changePasswordSchema,
  type ChangePasswordValues,
} from '@/features/auth/components/change-password-schema';
import { createUserSchema, type CreateUserValues } from '@/features/users/components/user-schemas';
import { PRODUCT_STATUSES, type ProductPayload } from '@/features/products/api/types';
import {
  EMPTY_PRODUCT_VALUES,
  productFormSchema,
  type ProductFormValues,
} from '@/features/products/components/product-schema';
import { strings } from '@/i18n/vi';
import { uikit } from '@/i18n/vi/guide';
import { showSuccess } from '@/lib/toast';

/** A valid sample form only says so: the style guide saves nothing. */
const acceptSample = () => {
  showSuccess(uikit.valid);
};

function FormButtons({ onReset }: { onReset: () => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button color="inherit" onClick={onReset}>
        {uikit.reset}
      </Button>
      <Button type="submit" variant="contained">
        {uikit.validate}
      </Button>
    </Stack>
  );
}

/** The product form's fields, grid and zod schema, as the products screen's dialog has them. */
export function DemoProductForm() {
  const t = strings.products.form;
  const { control, handleSubmit, reset } = useForm<ProductFormValues, unknown, ProductPayload>({
    resolver: zodResolver(productFormSchema),
    defaultValues: EMPTY_PRODUCT_VALUES,
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(acceptSample)}
      data-testid="demo-product-form"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 7 }}>
          <FormTextField
            control={control}
            name="name"
            label={t.name}
            fullWidth
            maxLength={PRODUCT_LIMITS.nameMax}
            autoComplete="off"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <FormTextField
            control={control}
            name="slug"
            label={t.slug}
            helperText={t.slugHelp}
            fullWidth
            maxLength={PRODUCT_LIMITS.slugMax}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="description"
            label={t.description}
            fullWidth
            multiline
            minRows={3}
            maxLength={PRODUCT_LIMITS.descriptionMax}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="price"
            label={t.price}
            fullWidth
            maxLength={20}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="originalPrice"
            label={t.originalPrice}
            helperText={t.originalPriceHelp}
            fullWidth
            maxLength={20}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="status" label={t.status} select fullWidth>
            {PRODUCT_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {strings.products.status[status]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <FormTextField
            control={control}
            name="minPerOrder"
            label={t.minPerOrder}
            fullWidth
            maxLength={3}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <FormTextField
            control={control}
            name="maxPerOrder"
            label={t.maxPerOrder}
            fullWidth
            maxLength={3}
          />
        </Grid>
      </Grid>
      <FormButtons onReset={() => reset(EMPTY_PRODUCT_VALUES)} />
    </Stack>
  );
}

/** The change-password fields in one column, with their 6-30 rule and the match check. */
export function DemoPasswordForm() {
  const t = strings.changePassword;
  const { control, handleSubmit, reset } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: CHANGE_PASSWORD_DEFAULTS,
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(acceptSample)}
      sx={{ maxWidth: 420 }}
      data-testid="demo-password-form"
    >
      <FormPasswordField
        control={control}
        name="oldPassword"
        label={t.oldPassword}
        fullWidth
        autoComplete="off"
      />
      <FormPasswordField
        control={control}
        name="newPassword"
        label={t.newPassword}
        fullWidth
        autoComplete="new-password"
      />
      <FormPasswordField
        control={control}
        name="confirmPassword"
        label={t.confirmPassword}
        fullWidth
        autoComplete="new-password"
      />
      <FormButtons onReset={() => reset(CHANGE_PASSWORD_DEFAULTS)} />
    </Stack>
  );
}

const EMPTY_USER: CreateUserValues = {
  userName: '',
  fullName: '',
  email: '',
  password: '',
  role: 'staff',
};

/** The users screen's create form in the app's FormDialog; Save only validates. */
export function DemoUserDialogForm() {
  const [open, setOpen] = useState(false);
  const f = strings.users.form;
  const { control, handleSubmit, reset } = useForm<CreateUserValues>({
    resolver: zodResolver(createUserSchema),
    defaultValues: EMPTY_USER,
  });
  const close = () => {
    setOpen(false);
    reset(EMPTY_USER);
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="demo-open-form-dialog">
        {uikit.formLayout.openDialog}
      </Button>
      <FormDialog
        open={open}
        title={uikit.formLayout.dialogTitle}
        onClose={close}
        pending={false}
        testId="demo-form-dialog"
        onSubmit={handleSubmit(() => {
          showSuccess(uikit.valid);
          close();
        })}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="userName"
            label={f.userName}
            fullWidth
            autoComplete="off"
          />
          <FormTextField control={control} name="fullName" label={f.fullName} fullWidth />
          <FormTextField control={control} name="email" label={f.email} fullWidth />
          <FormPasswordField
            control={control}
            name="password"
            label={f.password}
            fullWidth
            autoComplete="new-password"
          />
          <FormTextField control={control} name="role" label={f.role} select fullWidth>
            {(['admin', 'staff'] as const).map((role) => (
              <MenuItem key={role} value={role}>
                {strings.users.roles[role]}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
      </FormDialog>
    </>
  );
}
