import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { Link as RouterLink, useMatch } from 'react-router-dom';
import { strings } from '@/i18n/vi';
import { useSession } from '@/lib/auth/use-session';
import { formatNumber } from '@/lib/format';
import {
  BADGE_DELAY_MS,
  UNMATCHED_TRANSFERS_PATH,
  unmatchedCount,
  useUnmatchedSummary,
} from '@/lib/unmatched-transfers';
import { menuForRole, type MenuItemModel } from './menu-model';

function MenuLink({
  item,
  onNavigate,
  count = 0,
}: {
  item: MenuItemModel;
  onNavigate: () => void;
  count?: number;
}) {
  const active = Boolean(useMatch({ path: item.to, end: item.end ?? false }));
  const Icon = item.icon;
  // With transfers waiting, the item opens straight on them.
  const to = count > 0 ? UNMATCHED_TRANSFERS_PATH : item.to;
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ borderRadius: 2, mx: 1, '&.Mui-selected': { color: 'primary.main', fontWeight: 600 } }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : undefined }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={item.label} />
      {count > 0 && (
        <Chip
          size="small"
          color="error"
          label={formatNumber(count)}
          aria-label={strings.transactions.unmatched.badge(formatNumber(count))}
          title={strings.transactions.unmatched.badge(formatNumber(count))}
          data-testid="menu-unmatched-badge"
          sx={{ ml: 1, height: 20, fontWeight: 700 }}
        />
      )}
    </ListItemButton>
  );
}

/** The transfers item, with the number of transfers waiting for staff (polled). */
function UnmatchedTransfersLink({
  item,
  onNavigate,
}: {
  item: MenuItemModel;
  onNavigate: () => void;
}) {
  const summary = useUnmatchedSummary({ delayMs: BADGE_DELAY_MS });
  return <MenuLink item={item} onNavigate={onNavigate} count={unmatchedCount(summary.data)} />;
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
            <ListSubheader
              disableSticky
              sx={{
                bgcolor: 'transparent',
                fontWeight: 700,
                textTransform: 'uppercase',
                lineHeight: '36px',
              }}
            >
              {group.label}
            </ListSubheader>
          }
        >
          {group.items.map((item) =>
            item.badge === 'unmatchedTransfers' ? (
              <UnmatchedTransfersLink key={item.to} item={item} onNavigate={onNavigate} />
            ) : (
              <MenuLink key={item.to} item={item} onNavigate={onNavigate} />
            ),
          )}
        </List>
      ))}
    </nav>
  );
}
