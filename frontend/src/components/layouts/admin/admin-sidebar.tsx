import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { strings } from '@/i18n/vi';
import { useRouteFlag } from '@/lib/route-handle';
import { AdminMenu } from './admin-menu';

export const SIDEBAR_WIDTH = 260;

interface AdminSidebarProps {
  /** Docked beside the content (static mode on desktop) or floating over it. */
  docked: boolean;
  open: boolean;
  onClose: () => void;
}

function SidebarContent({ onNavigate }: { onNavigate: () => void }) {
  const showMenu = useRouteFlag('adminMenu');
  if (showMenu) return <AdminMenu onNavigate={onNavigate} />;
  return (
    <Box sx={{ p: 3 }} data-testid="admin-menu-placeholder">
      <Typography variant="body2" color="text.secondary">
        {strings.layout.emptySidebar}
      </Typography>
    </Box>
  );
}

export function AdminSidebar({ docked, open, onClose }: AdminSidebarProps) {
  if (docked) {
    return (
      <Box
        component="aside"
        aria-label={strings.layout.sidebar}
        data-testid="admin-sidebar"
        sx={{
          position: 'fixed',
          top: 64,
          bottom: 0,
          left: 0,
          width: SIDEBAR_WIDTH,
          overflowY: 'auto',
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          py: 1,
          display: open ? 'block' : 'none',
        }}
      >
        <SidebarContent onNavigate={() => undefined} />
      </Box>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw' } } }}
      ModalProps={{ keepMounted: true }}
    >
      <Box component="aside" aria-label={strings.layout.sidebar} data-testid="admin-sidebar">
        <Toolbar />
        <SidebarContent onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
