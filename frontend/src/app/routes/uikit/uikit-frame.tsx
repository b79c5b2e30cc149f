import { useId, type ReactNode } from 'react';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { Section } from '@/features/orders/components/order-detail-sections';
import { uikit } from '@/i18n/vi/guide';
import { setColorMode, useColorMode, type ColorMode } from '@/lib/theme/color-mode';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/** Light and dark side by side with the topbar's toggle: the same store, the same `app-dark` class. */
export function ColorModeSwitch() {
  const mode = useColorMode();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={mode}
      aria-label={uikit.colorMode}
      onChange={(_, next: ColorMode | null) => next && setColorMode(next)}
      data-testid="uikit-color-mode"
    >
      <ToggleButton value="light">{uikit.light}</ToggleButton>
      <ToggleButton value="dark">{uikit.dark}</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The "sample data" label every page with made-up data carries. */
export function SampleBadge() {
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={uikit.sample}
      data-testid="sample-data-badge"
    />
  );
}

interface UikitPageProps {
  section: keyof typeof uikit.sections;
  children: ReactNode;
}

/** One style-guide page: the way back to the index, its title, its purpose and the theme switch. */
export function UikitPage({ section, children }: UikitPageProps) {
  const { title, description } = uikit.sections[section];
  useDocumentTitle(`${title} · ${uikit.title}`);
  return (
    <Stack spacing={2} data-testid={`uikit-${section}`}>
      <Breadcrumbs>
        <Link component={RouterLink} to={paths.uikit.root}>
          {uikit.title}
        </Link>
        <Typography color="text.primary">{title}</Typography>
      </Breadcrumbs>
      <div>
        <PageHeader title={title} actions={<ColorModeSwitch />} />
        <Typography color="text.secondary">{description}</Typography>
      </div>
      {children}
    </Stack>
  );
}

/** A titled block of a page, in the panel the order detail uses. */
export function DemoBlock({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Section title={title} id={id} testId={testId}>
      {children}
    </Section>
  );
}
