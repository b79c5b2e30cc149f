import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useWatch, type Control } from 'react-hook-form';
import { SafeMarkdown } from '@/components/markdown/safe-markdown';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { PRODUCT_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import type { ProductPayload } from '../api/types';
import type { ProductFormValues } from './product-schema';

const t = strings.products.form;

type ProductControl = Control<ProductFormValues, unknown, ProductPayload>;

interface MarkdownFieldProps {
  control: ProductControl;
  name: 'description' | 'redeemInstructions';
  label: string;
  helperText: string;
  maxLength: number;
  minRows: number;
  /** Shown in the preview while the source is empty. */
  empty: string;
  /** `<testId>-edit` and `<testId>-preview-tab` on the tabs, `<testId>-preview` on the preview. */
  testId: string;
  textTestId: string;
}

/**
 * A product's Markdown text with 'Soạn' and 'Xem trước' tabs; the preview goes through
 * `SafeMarkdown`, the renderer the storefront and the order page use (raw HTML escaped,
 * links in a new tab with rel="noopener noreferrer nofollow"), so staff see what shoppers see.
 */
function MarkdownField({
  control,
  name,
  label,
  helperText,
  maxLength,
  minRows,
  empty,
  testId,
  textTestId,
}: MarkdownFieldProps) {
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const source = useWatch({ control, name });
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, next: 'edit' | 'preview') => setTab(next)}
        sx={{ minHeight: 36, mb: 1 }}
        aria-label={label}
      >
        <Tab
          value="edit"
          label={t.markdownEdit}
          sx={{ minHeight: 36, py: 0.5 }}
          data-testid={`${testId}-edit`}
        />
        <Tab
          value="preview"
          label={t.markdownPreview}
          sx={{ minHeight: 36, py: 0.5 }}
          data-testid={`${testId}-preview-tab`}
        />
      </Tabs>
      <Box hidden={tab !== 'edit'}>
        <FormTextField
          control={control}
          name={name}
          label={label}
          helperText={helperText}
          fullWidth
          multiline
          minRows={minRows}
          maxRows={12}
          maxLength={maxLength}
          slotProps={{ htmlInput: { 'data-testid': textTestId } }}
        />
      </Box>
      {tab === 'preview' && (
        <Box
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 96 }}
          data-testid={`${testId}-preview`}
        >
          {source.trim() ? (
            <SafeMarkdown source={source} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {empty}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The product page's description, rendered there as Markdown. */
export function DescriptionField({ control }: { control: ProductControl }) {
  return (
    <MarkdownField
      control={control}
      name="description"
      label={t.description}
      helperText={t.descriptionHelp}
      maxLength={PRODUCT_LIMITS.descriptionMax}
      minRows={6}
      empty={t.descriptionPreviewEmpty}
      testId="product-description"
      textTestId="product-description-text"
    />
  );
}

/** The redemption steps shown under the codes on the shopper's order page. */
export function RedeemInstructionsField({ control }: { control: ProductControl }) {
  return (
    <MarkdownField
      control={control}
      name="redeemInstructions"
      label={t.redeemInstructions}
      helperText={t.redeemInstructionsHelp}
      maxLength={PRODUCT_LIMITS.redeemInstructionsMax}
      minRows={4}
      empty={t.redeemPreviewEmpty}
      testId="product-redeem"
      textTestId="product-redeem-instructions"
    />
  );
}
