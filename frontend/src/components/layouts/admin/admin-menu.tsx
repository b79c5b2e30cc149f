import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { Link as RouterLink, useMatch } from 'react-router-dom';
import { useSession } from '@/lib/auth/use-session';
import { menuForRole, type MenuItemModel } from './menu-model';

function MenuLink({ item, onNavigate }: { item: MenuItemModel; onNavigate: () => void }) {
  const active = Boolean(useMatch({ path: item.to, end: item.end ?? false }));
  const Icon = item.icon;
  return (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ borderRadius: 2, mx: 1, '&.Mui-selected': { color: 'primary.main', fontWeight: 600 } }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : undefined }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}

export function AdminMenu({ onNavigate }: { onNavigate: () => void }) {
  const role = useSession()?.user?.role;
  return (
    <nav data-testid="admin-menu">
      {menuForRole(role).map((group) => (
        <List
          key={group.label}
          dense
          subheader={
            <ListSubheader disableSticky sx={{ bgcolor: 'transparent', fontWeight: 700, textTransform: 'uppercase', lineHeight: '36px' }}>
              {group.label}
            </ListSubheader>
          }
        >
          {group.items.map((item) => (
            <MenuLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </List>
      ))}
    </nav>
  );
}
