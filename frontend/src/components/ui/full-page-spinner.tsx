import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { vi } from '@/i18n/vi-shop';

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={vi.app.loading} />
    </Box>
  );
}
