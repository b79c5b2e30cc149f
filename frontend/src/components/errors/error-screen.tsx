import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface ErrorScreenProps {
  code?: string;
  title: string;
  text: string;
  icon: ReactNode;
  action: { label: string; to: string };
  /** A second, lighter way on (the order lookup from the storefront's not-found page). */
  secondaryAction?: { label: string; to: string; testId?: string };
  /** Inside a layout (compact) or on its own (centered on the page). */
  standalone?: boolean;
  testId?: string;
}

export function ErrorScreen({
  code,
  title,
  text,
  icon,
  action,
  secondaryAction,
  standalone = true,
  testId,
}: ErrorScreenProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: standalone ? '100vh' : '60vh',
        p: 2,
        bgcolor: standalone ? 'background.default' : undefined,
      }}
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, width: '100%', textAlign: 'center' }}
        data-testid={testId}
      >
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }} aria-hidden>
          {icon}
        </Box>
        {code && (
          <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
            {code}
          </Typography>
        )}
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {text}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
          <Button variant="contained" component={RouterLink} to={action.to}>
            {action.label}
          </Button>
          {secondaryAction && (
            <Button
              variant="outlined"
              component={RouterLink}
              to={secondaryAction.to}
              data-testid={secondaryAction.testId}
            >
              {secondaryAction.label}
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
