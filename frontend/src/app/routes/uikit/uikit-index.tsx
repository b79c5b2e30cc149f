import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { documentation, templatePages, uikit } from '@/i18n/vi/guide';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { UIKIT_SECTIONS } from './sections';
import { ColorModeSwitch } from './uikit-frame';

function PageCard({
  to,
  title,
  description,
  testId,
}: {
  to: string;
  title: string;
  description: string;
  testId: string;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }} data-testid={testId}>
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}

/** `/uikit`: every section of the style guide, then the templates and the staff guide. */
export function UikitIndexPage() {
  useDocumentTitle(uikit.title);
  const formLayout = uikit.sections.formlayout;
  return (
    <Stack spacing={2} data-testid="uikit-index">
      <div>
        <PageHeader title={uikit.title} actions={<ColorModeSwitch />} />
        <Typography color="text.secondary">{uikit.intro}</Typography>
      </div>
      <Grid container spacing={2} component="nav" aria-label={uikit.title}>
        {UIKIT_SECTIONS.map((section) => (
          <PageCard
            key={section}
            to={paths.uikit.section(section)}
            title={uikit.sections[section].title}
            description={uikit.sections[section].description}
            testId={`uikit-link-${section}`}
          />
        ))}
        <PageCard
          to={paths.uikit.formLayout}
          title={formLayout.title}
          description={formLayout.description}
          testId="uikit-link-formlayout"
        />
      </Grid>
      <Typography variant="h6" component="h2">
        {uikit.otherPages}
      </Typography>
      <Grid container spacing={2}>
        <PageCard
          to={paths.pages.empty}
          title={templatePages.empty.title}
          description={templatePages.empty.body}
          testId="uikit-link-empty"
        />
        <PageCard
          to={paths.pages.crud}
          title={templatePages.crud.title}
          description={templatePages.crud.intro}
          testId="uikit-link-crud"
        />
        <PageCard
          to={paths.documentation}
          title={documentation.title}
          description={documentation.intro}
          testId="uikit-link-documentation"
        />
      </Grid>
    </Stack>
  );
}
