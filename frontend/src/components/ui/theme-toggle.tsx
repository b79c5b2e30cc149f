import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { strings } from '@/i18n/vi-shop';
import { toggleColorMode, useColorMode } from '@/lib/theme/color-mode';

export function ThemeToggle() {
  const mode = useColorMode();
  return (
    // A native title, not MUI's Tooltip: the storefront's first load carries no Popper.
    <IconButton
      color="inherit"
      onClick={toggleColorMode}
      aria-label={strings.theme.toggle}
      aria-pressed={mode === 'dark'}
      title={strings.theme.toggle}
      data-testid="theme-toggle"
    >
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
