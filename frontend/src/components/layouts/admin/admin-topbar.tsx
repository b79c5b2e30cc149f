import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { IMAGES, paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { ProfileMenu, type ProfileMenuProps } from './profile-menu';

interface AdminTopbarProps extends ProfileMenuProps {
  onMenuToggle: () => void;
  onOpenSettings: () => void;
}

export function AdminTopbar({ onMenuToggle, onOpenSettings, ...profile }: AdminTopbarProps) {
  return (
    <AppBar
      position="fixed"
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={strings.layout.menuToggle}
          onClick={onMenuToggle}
          data-testid="menu-toggle"
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to={paths.admin.root}
          underline="none"
          color="inherit"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
          data-testid="dashboard-link"
        >
          <Box
            component="img"
            src={IMAGES.logo}
            alt={strings.app.logoAlt}
            sx={{ width: 32, height: 32, flexShrink: 0 }}
          />
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
            {strings.app.adminTitle}
          </Typography>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <ThemeToggle />
        <Tooltip title={strings.layout.settings}>
          <IconButton
            color="inherit"
            aria-label={strings.layout.settings}
            onClick={onOpenSettings}
            data-testid="layout-settings-button"
          >
            <SettingsOutlined />
          </IconButton>
        </Tooltip>
        <ProfileMenu {...profile} />
      </Toolbar>
    </AppBar>
  );
}
