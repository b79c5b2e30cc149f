import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TOAST_LIFE_MS } from '@/config/constants';
import { strings } from '@/i18n/vi';
import { uikit } from '@/i18n/vi/guide';
import { showToast, type ToastSeverity } from '@/lib/toast';
import { DemoBlock, UikitPage } from './uikit-frame';

const SEVERITIES: readonly ToastSeverity[] = ['success', 'info', 'warn', 'error'];
const COLORS = { success: 'success', info: 'info', warn: 'warning', error: 'error' } as const;

/** `/uikit/message`: each toast severity through the real toast service, with its title and life. */
export function MessagePage() {
  return (
    <UikitPage section="message">
      <DemoBlock title={uikit.sections.message.title}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {uikit.message.help}
        </Typography>
        <Stack spacing={1.5}>
          {SEVERITIES.map((severity) => {
            const title = strings.toast.titles[severity];
            return (
              <Stack key={severity} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button
                  variant="outlined"
                  color={COLORS[severity]}
                  sx={{ minWidth: 160 }}
                  onClick={() => showToast({ severity, message: uikit.message.sample[severity] })}
                  data-testid={`demo-toast-${severity}`}
                >
                  {uikit.message.show(title)}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {uikit.message.duration(TOAST_LIFE_MS[severity] / 1000)}
                </Typography>
              </Stack>
            );
          })}
        </Stack>
      </DemoBlock>
    </UikitPage>
  );
}
