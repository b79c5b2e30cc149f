import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdminMenu } from '@/components/layouts/admin/admin-menu';
import { ProfileMenu } from '@/components/layouts/admin/profile-menu';
import { strings } from '@/i18n/vi';
import { uikit } from '@/i18n/vi/guide';
import { DemoBlock, UikitPage } from './uikit-frame';

/** `/uikit/menu`: the admin sidebar's menu and the topbar's account menu. */
export function MenuPage() {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <UikitPage section="menu">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ width: { xs: '100%', md: 300 } }}>
          <DemoBlock title={uikit.menu.admin}>
            <Paper variant="outlined" sx={{ py: 1 }}>
              <AdminMenu onNavigate={() => undefined} />
            </Paper>
          </DemoBlock>
        </Box>
        <Box sx={{ flexGrow: 1, width: '100%' }}>
          <DemoBlock title={uikit.menu.profile}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <ProfileMenu
                displayName="Nguyễn Văn An"
                secondary={strings.layout.profileSecondary('nhanvien1', strings.users.roles.staff)}
                onChangePassword={() => setChosen(strings.layout.changePassword)}
                onLogout={() => setChosen(strings.layout.logout)}
              />
              <Typography role="status">
                {chosen ? uikit.menu.chosen(chosen) : uikit.menu.open}
              </Typography>
            </Stack>
          </DemoBlock>
        </Box>
      </Stack>
    </UikitPage>
  );
}
