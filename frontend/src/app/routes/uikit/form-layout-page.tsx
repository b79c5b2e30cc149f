import Grid from '@mui/material/Grid';
import { uikit } from '@/i18n/vi/guide';
import { DemoPasswordForm, DemoProductForm, DemoUserDialogForm } from './demo-forms';
import { DemoBlock, UikitPage } from './uikit-frame';

const t = uikit.formLayout;

/** `/admin/uikit/formlayout`: one column, two columns, and a form in a dialog. */
export function FormLayoutPage() {
  return (
    <UikitPage section="formlayout">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <DemoBlock title={t.vertical}>
            <DemoPasswordForm />
          </DemoBlock>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <DemoBlock title={t.grid}>
            <DemoProductForm />
          </DemoBlock>
        </Grid>
      </Grid>
      <DemoBlock title={t.dialog}>
        <DemoUserDialogForm />
      </DemoBlock>
    </UikitPage>
  );
}
