import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { AdminFooter } from './admin-footer';
import { AdminSidebar, SIDEBAR_WIDTH } from './admin-sidebar';
import { AdminTopbar } from './admin-topbar';
import { LayoutConfigPanel } from './layout-config-panel';
import type { ProfileMenuProps } from './profile-menu';
import { useAdminMenu } from './use-admin-menu';

interface AdminLayoutProps extends ProfileMenuProps {
  children: ReactNode;
}

export function AdminLayout({ children, ...profile }: AdminLayoutProps) {
  const { docked, open, onMenuToggle, closeMenu } = useAdminMenu();
  const [configOpen, setConfigOpen] = useState(false);
  const shifted = docked && open;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
      data-testid="admin-layout"
    >
      <AdminTopbar
        onMenuToggle={onMenuToggle}
        onOpenSettings={() => setConfigOpen(true)}
        {...profile}
      />
      <AdminSidebar docked={docked} open={open} onClose={closeMenu} />
      <LayoutConfigPanel open={configOpen} onClose={() => setConfigOpen(false)} />
      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          ml: shifted ? `${SIDEBAR_WIDTH}px` : 0,
          transition: (theme) => theme.transitions.create('margin'),
          minWidth: 0,
        }}
      >
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
          {children}
        </Box>
        <AdminFooter />
      </Box>
    </Box>
  );
}
