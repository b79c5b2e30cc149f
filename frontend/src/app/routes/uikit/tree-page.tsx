import { useState } from 'react';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_MENU, type MenuGroupModel } from '@/components/layouts/admin/menu-model';
import { uikit } from '@/i18n/vi/guide';
import { DemoBlock, UikitPage } from './uikit-frame';

function GroupNode({ group }: { group: MenuGroupModel }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ListItemButton onClick={() => setOpen((value) => !value)} aria-expanded={open}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <FolderOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={group.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open}>
        <List dense disablePadding role="group">
          {group.items.map((item) => {
            const Icon = item.icon;
            return (
              <ListItemButton key={item.to} component={RouterLink} to={item.to} sx={{ pl: 6 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={item.label} secondary={item.to} />
              </ListItemButton>
            );
          })}
        </List>
      </Collapse>
    </>
  );
}

/** `/uikit/tree`: the admin menu model as a tree of groups and links. */
export function TreePage() {
  return (
    <UikitPage section="tree">
      <DemoBlock title={uikit.sections.tree.title} testId="demo-tree">
        <Typography variant="body2" color="text.secondary">
          {uikit.tree.help} {uikit.tree.groups(ADMIN_MENU.length)}
        </Typography>
        <List dense>
          {ADMIN_MENU.map((group) => (
            <GroupNode key={group.label} group={group} />
          ))}
        </List>
      </DemoBlock>
    </UikitPage>
  );
}
