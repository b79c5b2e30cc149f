import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { TableLoadError } from '@/components/ui/data-table/table-state-rows';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { uikit } from '@/i18n/vi/guide';
import { DemoBlock, UikitPage } from './uikit-frame';

const t = uikit.panel;

/** `/uikit/panel`: the page header, titled sections, alerts and the placeholder panel. */
export function PanelPage() {
  return (
    <UikitPage section="panel">
      <DemoBlock title={t.header}>
        <PageHeader
          title={uikit.button.withIcon}
          actions={
            <Button variant="contained" startIcon={<AddIcon />}>
              {uikit.button.withIcon}
            </Button>
          }
        />
      </DemoBlock>
      <DemoBlock title={t.section}>
        <Typography variant="body2">{t.sectionBody}</Typography>
      </DemoBlock>
      <DemoBlock title={t.alerts}>
        <Stack spacing={1}>
          <Alert severity="info">{t.info}</Alert>
          <Alert severity="success">{t.success}</Alert>
          <Alert severity="warning">{t.warning}</Alert>
          <TableLoadError message={t.error} onRetry={() => undefined} />
        </Stack>
      </DemoBlock>
      <ComingSoon title={t.comingSoon} />
    </UikitPage>
  );
}
