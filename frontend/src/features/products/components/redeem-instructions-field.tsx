import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useWatch, type Control } from 'react-hook-form';
import { SafeMarkdown } from '@/components/markdown/safe-markdown';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { PRODUCT_LIMITS } from '@/config/limits';
import { vi } from '@/i18n/vi';
import type { ProductPayload } from '../api/types';
import type { ProductFormValues } from './product-schema';

const t = vi.products.form;

/**
 * The product's redemption steps in Markdown, with a preview rendered exactly as the
 * shopper's order page shows them (raw HTML escaped, links in a new tab).
 */
export function RedeemInstructionsField({ control }: { control: Control<ProductFormValues, unknown, ProductPayload> }) {
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const source = useWatch({ control, name: 'redeemInstructions' });
  return (
    <Box>
      <Tabs value={tab} onChange={(_, next: 'edit' | 'preview') => setTab(next)} sx={{ minHeight: 36, mb: 1 }} aria-label={t.redeemInstructions}>
        <Tab value="edit" label={t.redeemEdit} sx={{ minHeight: 36, py: 0.5 }} data-testid="product-redeem-edit" />
        <Tab value="preview" label={t.redeemPreview} sx={{ minHeight: 36, py: 0.5 }} data-testid="product-redeem-preview-tab" />
      </Tabs>
      <Box hidden={tab !== 'edit'}>
        <FormTextField
          control={control}
          name="redeemInstructions"
          label={t.redeemInstructions}
          helperText={t.redeemInstructionsHelp}
          fullWidth
          multiline
          minRows={4}
          maxRows={12}
          maxLength={PRODUCT_LIMITS.redeemInstructionsMax}
          slotProps={{ htmlInput: { 'data-testid': 'product-redeem-instructions' } }}
        />
      </Box>
      {tab === 'preview' && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 96 }} data-testid="product-redeem-preview">
          {source.trim() ? (
            <SafeMarkdown source={source} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t.redeemPreviewEmpty}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
