import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/ui/page-header';
import { templatePages } from '@/i18n/vi/guide';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

const t = templatePages.empty;

/** `/pages/empty`: where a new screen starts: a page header and one content panel. */
export function EmptyPage() {
  useDocumentTitle(t.title);
  return (
    <div data-testid="page-empty">
      <PageHeader title={t.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.body}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minHeight: 240 }}>
        <Typography color="text.secondary">{t.placeholder}</Typography>
      </Paper>
    </div>
  );
}
