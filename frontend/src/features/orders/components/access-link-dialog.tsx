import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AppDialog } from '@/components/ui/app-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { strings } from '@/i18n/vi';

interface AccessLinkDialogProps {
  url: string | null;
  orderCode: string;
  /** The address a new link is also being e-mailed to, if one is. */
  emailedTo?: string | null;
  onClose: () => void;
}

/** The new customer link from RegenerateAccessLink, to send to the customer. */
export function AccessLinkDialog({ url, orderCode, emailedTo, onClose }: AccessLinkDialogProps) {
  const t = strings.orders.accessLink;
  return (
    <AppDialog
      open={url !== null}
      title={t.title(orderCode)}
      onClose={onClose}
      maxWidth="sm"
      testId="access-link-dialog"
      actions={
        <>
          {url && <CopyButton text={url} label={t.copy} testId="access-link-copy" />}
          <Button variant="contained" onClick={onClose}>
            {strings.common.close}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Alert severity="success">{t.hint}</Alert>
        {emailedTo && (
          <Alert severity="info" data-testid="access-link-emailed">
            {t.emailed(emailedTo)}
          </Alert>
        )}
        <TextField
          label={t.url}
          value={url ?? ''}
          fullWidth
          multiline
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'access-link-url', spellCheck: false },
          }}
          onFocus={(event) => event.target.select()}
        />
      </Stack>
    </AppDialog>
  );
}
