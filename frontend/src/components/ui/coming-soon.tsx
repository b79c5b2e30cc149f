import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import type { ReactNode } from 'react';
import { strings } from '@/i18n/vi';

interface ComingSoonProps {
  title: string;
  description?: string;
  children?: ReactNode;
}

/** An honest placeholder for a screen that is not built yet: nothing pretends to work. */
export function ComingSoon({
  title,
  description = strings.comingSoon.description,
  children,
}: ComingSoonProps) {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}
        data-testid="coming-soon"
      >
        <ConstructionOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {strings.comingSoon.title}
        </Typography>
        <Typography color="text.secondary">{description}</Typography>
        {children}
      </Paper>
    </Stack>
  );
}
