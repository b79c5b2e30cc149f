import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { strings } from '@/i18n/vi';
import { DeliveriesPanel } from './deliveries-panel';
import { NotificationSettingsForm } from './notification-settings-form';
import { TestNotificationPanel } from './test-notification-panel';

const TABS = ['settings', 'deliveries'] as const;
type NotificationsTab = (typeof TABS)[number];

const TAB_PARAM = 'tab';

function tabOf(value: string | null): NotificationsTab {
  return (TABS as readonly string[]).includes(value ?? '')
    ? (value as NotificationsTab)
    : 'settings';
}

/**
 * Hệ thống › Thông báo (admin only, by the route guard): the settings with their test
 * sends below them, and every delivery. The tab sits in the URL (`?tab=deliveries`)
 * beside the list's filters, so a link to the failed deliveries opens on them.
 */
export function NotificationsScreen() {
  const t = strings.notifications;
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get(TAB_PARAM));

  const onTabChange = (next: NotificationsTab) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'settings') params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t.title} />
      <Tabs
        value={tab}
        onChange={(_, next: NotificationsTab) => onTabChange(next)}
        aria-label={t.tabsLabel}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t.tabs[value]}
            id={`notifications-tab-${value}`}
            aria-controls={`notifications-panel-${value}`}
            data-testid={`notifications-tab-${value}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`notifications-panel-${tab}`}
        aria-labelledby={`notifications-tab-${tab}`}
      >
        {tab === 'settings' && (
          <Stack spacing={3}>
            <NotificationSettingsForm />
            <TestNotificationPanel />
          </Stack>
        )}
        {tab === 'deliveries' && <DeliveriesPanel />}
      </Box>
    </>
  );
}
