import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { IMAGES, paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { strings } from '@/i18n/vi';
import { isTokenValid, readStoredToken, resolvePostLoginPath } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

export function LoginRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  useDocumentTitle(strings.auth.loginTitle);

  // Already signed in: the spec sends a valid token straight to /admin.
  if (isTokenValid(readStoredToken())) return <Navigate to={paths.admin.root} replace />;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 } }}>
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <Box
            component="img"
            src={IMAGES.logo}
            alt={strings.app.logoAlt}
            sx={{ width: 56, height: 56 }}
          />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {strings.auth.loginTitle}
          </Typography>
          <Typography color="text.secondary">{strings.auth.loginSubtitle}</Typography>
        </Stack>
        <LoginForm onSuccess={() => navigate(resolvePostLoginPath(search), { replace: true })} />
      </Paper>
    </Box>
  );
}
