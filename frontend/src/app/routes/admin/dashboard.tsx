import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ComingSoon } from '@/components/ui/coming-soon';
import { paths } from '@/config/paths';
import { vi } from '@/i18n/vi';
import { useSession } from '@/lib/auth';

export function DashboardRoute() {
  const isAdmin = useSession()?.user?.role === 'admin';
  return (
    <ComingSoon title={vi.pages.dashboard} description={vi.pages.dashboardIntro}>
      {isAdmin && (
        <Stack spacing={1} sx={{ mt: 3, alignItems: 'center' }}>
          <Typography variant="subtitle2">{vi.pages.quickLinks}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" component={RouterLink} to={paths.admin.configuration} data-testid="dashboard-configuration-link">
              {vi.pages.configuration}
            </Button>
            <Button variant="outlined" component={RouterLink} to={paths.admin.users} data-testid="dashboard-users-link">
              {vi.pages.users}
            </Button>
          </Stack>
        </Stack>
      )}
    </ComingSoon>
  );
}
