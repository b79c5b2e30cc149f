import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { PRODUCT_LIMITS } from '@/config/limits';
import { PRODUCT_STATUSES, type Product, type ProductPayload } from '@/features/products/api/types';
import {
  productFormSchema,
  productToFormValues,
  type ProductFormValues,
} from '@/features/products/components/product-schema';
import { strings } from '@/i18n/vi';

const t = strings.products.form;

interface CrudFormDialogProps {
  open: boolean;
  product: Product | null;
  onClose: () => void;
  /** Where a real screen would call createOrUpdate; the template keeps the list in memory. */
  onSave: (payload: ProductPayload) => void;
}

/** The products screen's create-and-edit dialog pattern: one FormDialog, one zod schema. */
export function CrudFormDialog({ open, product, onClose, onSave }: CrudFormDialogProps) {
  const { control, handleSubmit, reset } = useForm<ProductFormValues, unknown, ProductPayload>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productToFormValues(product),
  });

  useEffect(() => {
    if (open) reset(productToFormValues(product));
  }, [open, product, reset]);

  return (
    <FormDialog
      open={open}
      title={product ? t.editTitle : t.createTitle}
      onClose={onClose}
      onSubmit={handleSubmit(onSave)}
      pending={false}
      maxWidth="sm"
      testId="crud-form-dialog"
      saveTestId="crud-save"
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="name"
            label={t.name}
            fullWidth
            autoFocus
            maxLength={PRODUCT_LIMITS.nameMax}
            autoComplete="off"
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
          <FormTextField control={control} name="status" label={t.status} select fullWidth>
            {PRODUCT_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {strings.products.status[status]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
