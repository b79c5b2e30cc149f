import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { strings } from '@/i18n/vi';

export interface ProfileMenuProps {
  displayName?: string;
  secondary?: string;
  onChangePassword: () => void;
  onLogout: () => void;
}

export function ProfileMenu({
  displayName,
  secondary,
  onChangePassword,
  onLogout,
}: ProfileMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const run = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={strings.layout.profileMenu}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        data-testid="profile-menu-button"
      >
        <AccountCircleOutlined />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {displayName && (
          <Box
            component="li"
            role="presentation"
            sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', mb: 1 }}
          >
            <ListItemText primary={displayName} secondary={secondary} data-testid="profile-name" />
          </Box>
        )}
        <MenuItem onClick={run(onChangePassword)} data-testid="change-password-menu-item">
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={strings.layout.changePassword} />
        </MenuItem>
        <Divider />
        <MenuItem onClick={run(onLogout)} data-testid="logout-menu-item">
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={strings.layout.logout} />
        </MenuItem>
      </Menu>
    </>
  );
}
