import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AppDialog } from '@/components/ui/app-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { strings } from '@/i18n/vi';

export interface RevealedCode {
  code: string;
  maskedCode: string;
  productName: string;
}

/** Shows one clear code with a copy button; the code leaves memory when the dialog closes. */
export function SerialCodeRevealDialog({
  revealed,
  onClose,
}: {
  revealed: RevealedCode | null;
  onClose: () => void;
}) {
  const t = strings.serialCodes.reveal;
  return (
    <AppDialog
      open={revealed !== null}
      title={t.title}
      onClose={onClose}
      maxWidth="sm"
      testId="serial-code-reveal-dialog"
      actions={
        <Button variant="contained" onClick={onClose}>
          {strings.common.close}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t.product(revealed?.productName ?? '')}
        </Typography>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t.codeLabel}
          </Typography>
          <Box
            component="output"
            aria-label={t.codeLabel}
            data-testid="serial-code-clear"
            sx={{
              display: 'block',
              mt: 0.5,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: '1.1rem',
              wordBreak: 'break-all',
              userSelect: 'all',
            }}
          >
            {revealed?.code}
          </Box>
        </Box>
        <Box>
          <CopyButton text={revealed?.code ?? ''} testId="serial-code-copy" />
        </Box>
      </Stack>
    </AppDialog>
  );
}
