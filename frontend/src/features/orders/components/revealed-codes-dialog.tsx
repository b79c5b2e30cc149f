import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AppDialog } from '@/components/ui/app-dialog';
import { CopyButton, CopyIconButton } from '@/components/ui/copy-button';
import { strings } from '@/i18n/vi';
import type { RevealedCode } from '../api/types';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

interface RevealedCodesDialogProps {
  codes: RevealedCode[] | null;
  orderCode: string;
  onClose: () => void;
}

/** The order's codes in clear, after an audited RevealCodes. */
export function RevealedCodesDialog({ codes, orderCode, onClose }: RevealedCodesDialogProps) {
  const t = strings.orders.reveal;
  const list = codes ?? [];
  return (
    <AppDialog
      open={codes !== null}
      title={t.title(orderCode)}
      onClose={onClose}
      maxWidth="sm"
      testId="revealed-codes-dialog"
      actions={
        <>
          {list.length > 1 && (
            <CopyButton text={list.map((entry) => entry.code).join('\n')} label={t.copyAll} />
          )}
          <Button variant="contained" onClick={onClose}>
            {strings.common.close}
          </Button>
        </>
      }
    >
      <Stack spacing={1.5}>
        <Alert severity="warning">{t.logged}</Alert>
        {list.length === 0 && <Typography color="text.secondary">{t.none}</Typography>}
        <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((entry, index) => (
            <Stack
              component="li"
              key={entry.id ?? `${entry.code}-${index}`}
              direction="row"
              spacing={1}
              sx={{
                alignItems: 'center',
                bgcolor: 'action.hover',
                borderRadius: 1,
                px: 1.5,
                py: 0.5,
              }}
            >
              <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography
                  sx={{
                    fontFamily: MONO,
                    fontWeight: 700,
                    wordBreak: 'break-all',
                    textDecoration: entry.replaced ? 'line-through' : undefined,
                  }}
                  data-testid="revealed-code"
                  data-replaced={entry.replaced}
                >
                  {entry.code}
                </Typography>
                {(entry.productName || entry.serial || entry.replacement || entry.replaced) && (
                  <Typography variant="caption" color="text.secondary">
                    {[
                      entry.productName,
                      entry.serial && `Seri ${entry.serial}`,
                      entry.replacement && t.replacement,
                      entry.replaced && t.replaced,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                )}
              </Stack>
              <CopyIconButton text={entry.code} label={t.copyOne(index + 1)} />
            </Stack>
          ))}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
