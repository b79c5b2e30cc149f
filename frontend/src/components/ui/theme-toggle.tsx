import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { vi } from '@/i18n/vi';
import { toggleColorMode, useColorMode } from '@/lib/theme/color-mode';

export function ThemeToggle() {
  const mode = useColorMode();
  return (
    <Tooltip title={vi.theme.toggle}>
      <IconButton
        color="inherit"
        onClick={toggleColorMode}
        aria-label={vi.theme.toggle}
        aria-pressed={mode === 'dark'}
        data-testid="theme-toggle"
      >
        {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
