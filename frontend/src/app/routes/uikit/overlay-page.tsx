import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LayoutConfigPanel } from '@/components/layouts/admin/layout-config-panel';
import { strings } from '@/i18n/vi';
import { uikit } from '@/i18n/vi/guide';
import { confirm } from '@/lib/confirm';
import { DemoUserDialogForm } from './demo-forms';
import { DemoBlock, UikitPage } from './uikit-frame';

const t = uikit.overlay;

/** `/uikit/overlay`: the root shell's confirm dialog, a form dialog, a tooltip and a drawer. */
export function OverlayPage() {
  const [answer, setAnswer] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const ask = async () => {
    const accepted = await confirm({
      title: t.confirmTitle,
      message: t.confirmMessage,
      acceptLabel: uikit.button.danger,
      rejectLabel: strings.common.cancel,
      destructive: true,
    });
    setAnswer(accepted ? t.accepted : t.rejected);
  };

  return (
    <UikitPage section="overlay">
      <DemoBlock title={t.confirm}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="error"
            onClick={() => void ask()}
            data-testid="demo-confirm"
          >
            {t.confirm}
          </Button>
          {answer && (
            <Typography role="status" data-testid="demo-confirm-answer">
              {answer}
            </Typography>
          )}
        </Stack>
      </DemoBlock>
      <DemoBlock title={t.formDialog}>
        <DemoUserDialogForm />
      </DemoBlock>
      <DemoBlock title={t.tooltip}>
        <Stack direction="row" spacing={2}>
          <Tooltip title={t.tooltipText}>
            <Button variant="outlined">{t.tooltip}</Button>
          </Tooltip>
          <Button variant="outlined" onClick={() => setDrawerOpen(true)}>
            {t.drawer}
          </Button>
        </Stack>
        <LayoutConfigPanel open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </DemoBlock>
    </UikitPage>
  );
}
