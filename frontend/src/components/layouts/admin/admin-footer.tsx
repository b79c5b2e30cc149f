import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { strings } from '@/i18n/vi';

export function AdminFooter() {
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 3, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
    >
      <Typography variant="body2" color="text.secondary">
        {strings.app.copyright(new Date().getFullYear(), strings.app.adminTitle)}
      </Typography>
    </Box>
  );
}
