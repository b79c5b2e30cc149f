import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { FormImageUploadField } from '@/components/image-upload/image-upload-field';
import { PRODUCT_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { createOrUpdate } from '@/lib/api/create-or-update';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatMoney } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { parseWholeNumber } from '@/lib/validation';
import { useCreateProduct } from '../api/create-product';
import { PRODUCT_STATUSES, type Product, type ProductPayload } from '../api/types';
import { useUpdateProduct } from '../api/update-product';
import { DescriptionField, RedeemInstructionsField } from './markdown-field';
import {
  PRODUCT_FORM_FIELDS,
  productFormSchema,
  productToFormValues,
  type ProductFormValues,
} from './product-schema';

const t = strings.products.form;

interface ProductFormDialogProps {
  open: boolean;
  /** The product being edited; null creates a new one. */
  product: Product | null;
  onClose: () => void;
}

/** `= 120.000 ₫` under a money field once it holds a valid amount, else the given help. */
function MoneyField({
  control,
  name,
  label,
  help,
}: {
  control: Control<ProductFormValues, unknown, ProductPayload>;
  name: 'price' | 'originalPrice';
  label: string;
  help?: string;
}) {
  const text = useWatch({ control, name });
  const amount = parseWholeNumber(text ?? '');
  const preview =
    amount !== null && !Number.isNaN(amount) && amount > 0
      ? t.moneyPreview(formatMoney(amount))
      : help;
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      helperText={preview}
      fullWidth
      autoComplete="off"
      maxLength={20}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

/** A whole number of the ordering rules, a third of the row. */
function CountField({
  control,
  name,
  maxLength,
  help,
}: {
  control: Control<ProductFormValues, unknown, ProductPayload>;
  name: 'minPerOrder' | 'maxPerOrder' | 'lowStockThreshold';
  maxLength: number;
  help?: string;
}) {
  return (
    <Grid size={{ xs: 12, sm: 4 }}>
      <FormTextField
        control={control}
        name={name}
        label={t[name]}
        helperText={help}
        fullWidth
        maxLength={maxLength}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Grid>
  );
}

/** Create and edit a product in one dialog. */
export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [uploading, setUploading] = useState(false);
  const editing = product !== null;
  const pending = create.isPending || update.isPending;

  const { control, handleSubmit, reset, setError } = useForm<
    ProductFormValues,
    unknown,
    ProductPayload
  >({
    resolver: zodResolver(productFormSchema),
    defaultValues: productToFormValues(product),
  });

  useEffect(() => {
    if (!open) return;
    reset(productToFormValues(product));
    // A fresh image field: nothing is uploading yet.
    setUploading(false);
  }, [open, product, reset]);

  const onServerError = (error: unknown) => {
    if (isApiError(error, ERROR_CODES.productSlugTaken)) {
      setError('slug', { type: 'server', message: error.message }, { shouldFocus: true });
      return;
    }
    if (!applyServerFieldErrors(error, setError, PRODUCT_FORM_FIELDS)) showError(error);
  };

  const onSubmit = handleSubmit((payload) => {
    if (uploading) return;
    createOrUpdate({
      id: product?.id,
      payload,
      create,
      update,
      onSaved: (saved, created) => {
        const messages = strings.products.messages;
        showSuccess((created ? messages.created : messages.updated)(saved.name));
        onClose();
      },
      onError: onServerError,
    });
  });

  return (
    <FormDialog
      open={open}
      title={editing ? t.editTitle : t.createTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      maxWidth="md"
      testId="product-form-dialog"
      saveBlockedReason={uploading ? t.uploading : undefined}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 7 }}>
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
        <Grid size={{ xs: 12, sm: 5 }}>
          <FormTextField
            control={control}
            name="slug"
            label={t.slug}
            helperText={t.slugHelp}
            fullWidth
            maxLength={PRODUCT_LIMITS.slugMax}
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="summary"
            label={t.summary}
            fullWidth
            maxLength={PRODUCT_LIMITS.summaryMax}
          />
        </Grid>
        <Grid size={12}>
          <DescriptionField control={control} />
        </Grid>
        <Grid size={12}>
          <RedeemInstructionsField control={control} />
        </Grid>
        <Grid size={12}>
          <FormImageUploadField
            control={control}
            name="imageUrl"
            label={t.image}
            onBusyChange={setUploading}
            disabled={pending}
            testId="product-image"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <MoneyField control={control} name="price" label={t.price} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <MoneyField
            control={control}
            name="originalPrice"
            label={t.originalPrice}
            help={t.originalPriceHelp}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="status"
            label={t.status}
            select
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'product-status-select' } }}
          >
            {PRODUCT_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {strings.products.status[status]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="sortOrder"
            label={t.sortOrder}
            helperText={t.sortOrderHelp}
            fullWidth
            maxLength={10}
            autoComplete="off"
          />
        </Grid>
        <CountField control={control} name="minPerOrder" maxLength={3} />
        <CountField control={control} name="maxPerOrder" maxLength={3} />
        <CountField
          control={control}
          name="lowStockThreshold"
          maxLength={9}
          help={t.lowStockThresholdHelp}
        />
      </Grid>
    </FormDialog>
  );
}
