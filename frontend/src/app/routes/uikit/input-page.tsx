import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateTimeField } from '@/components/ui/date-time-field';
import { FilterBar, FilterSelect, SearchField } from '@/components/ui/filter-bar';
import { PRODUCT_STATUSES, type ProductStatus } from '@/features/products/api/types';
import { strings } from '@/i18n/vi';
import { uikit } from '@/i18n/vi/guide';
import { DemoPasswordForm, DemoProductForm } from './demo-forms';
import { DemoBlock, UikitPage } from './uikit-frame';

const t = uikit.input;

/** `/uikit/input`: the admin forms' fields with their zod messages, and the filter bar. */
export function InputPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<ProductStatus | ''>('');
  const [active, setActive] = useState(true);
  const [expiresAt, setExpiresAt] = useState('');
  return (
    <UikitPage section="input">
      <DemoBlock title={t.productForm}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.productFormHelp}
        </Typography>
        <DemoProductForm />
      </DemoBlock>
      <DemoBlock title={t.passwordForm}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.passwordFormHelp}
        </Typography>
        <DemoPasswordForm />
      </DemoBlock>
      <DemoBlock title={t.filters}>
        <FilterBar>
          <SearchField
            label={t.keyword}
            placeholder={t.keywordPlaceholder}
            value={keyword}
            onChange={setKeyword}
            testId="demo-keyword"
          />
          <FilterSelect
            label={t.status}
            value={status}
            onChange={setStatus}
            options={PRODUCT_STATUSES}
            optionLabel={(value) => strings.products.status[value]}
          />
        </FilterBar>
        <FilterBar>
          <DateTimeField
            label={t.expiresAt}
            value={expiresAt}
            onChange={setExpiresAt}
            sx={{ flex: 1 }}
            testId="demo-expires-at"
          />
          <TextField label={t.note} sx={{ flex: 2 }} />
          <FormControlLabel
            control={<Switch checked={active} onChange={(_, checked) => setActive(checked)} />}
            label={strings.products.status.active}
          />
        </FilterBar>
      </DemoBlock>
    </UikitPage>
  );
}
