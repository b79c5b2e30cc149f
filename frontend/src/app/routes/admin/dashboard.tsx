import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { strings } from '@/i18n/vi';
import { useSession } from '@/lib/auth';

/** The dashboard, with the admin-only screens (reached by URL) one click away for admins. */
export function DashboardRoute() {
  const isAdmin = useSession()?.user?.role === 'admin';
  return (
    <DashboardScreen
      quickLinks={
        isAdmin && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {strings.pages.quickLinks}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="outlined"
                component={RouterLink}
                to={paths.admin.configuration}
                data-testid="dashboard-configuration-link"
              >
                {strings.pages.configuration}
              </Button>
              <Button
                variant="outlined"
                component={RouterLink}
                to={paths.admin.users}
                data-testid="dashboard-users-link"
              >
                {strings.pages.users}
              </Button>
            </Stack>
          </Paper>
        )
      }
    />
  );
}
