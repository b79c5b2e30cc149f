import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { strings } from '@/i18n/vi-shop';

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={strings.app.loading} />
    </Box>
  );
}
