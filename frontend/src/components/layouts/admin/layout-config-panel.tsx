import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { vi } from '@/i18n/vi';
import { setMenuMode, useLayoutSettings, type MenuMode } from '@/lib/layout-settings';
import { setColorMode, useColorMode, type ColorMode } from '@/lib/theme/color-mode';

/** The spec's config sidebar: menu mode (static or overlay) and colour mode, remembered. */
export function LayoutConfigPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { menuMode } = useLayoutSettings();
  const colorMode = useColorMode();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: 300, maxWidth: '90vw' } } }}
    >
      <Box sx={{ p: 2 }} data-testid="layout-config-panel">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {vi.layout.settingsTitle}
          </Typography>
          <IconButton aria-label={vi.common.close} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack spacing={3}>
          <FormControl>
            <FormLabel id="menu-mode-label">{vi.layout.menuMode}</FormLabel>
            <RadioGroup
              aria-labelledby="menu-mode-label"
              value={menuMode}
              onChange={(event) => setMenuMode(event.target.value as MenuMode)}
            >
              <FormControlLabel value="static" control={<Radio />} label={vi.layout.menuModeStatic} />
              <FormControlLabel value="overlay" control={<Radio />} label={vi.layout.menuModeOverlay} />
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="color-mode-label">{vi.layout.colorMode}</FormLabel>
            <RadioGroup
              aria-labelledby="color-mode-label"
              value={colorMode}
              onChange={(event) => setColorMode(event.target.value as ColorMode)}
            >
              <FormControlLabel value="light" control={<Radio />} label={vi.layout.colorModeLight} />
              <FormControlLabel value="dark" control={<Radio />} label={vi.layout.colorModeDark} />
            </RadioGroup>
          </FormControl>
        </Stack>
      </Box>
    </Drawer>
  );
}
