import Button from '@mui/material/Button';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { vi } from '@/i18n/vi';
import { copyText } from '@/lib/clipboard';
import { showError, showSuccess } from '@/lib/toast';

interface CopyButtonProps {
  text: string;
  label?: string;
  testId?: string;
}

async function copyWithToast(text: string): Promise<void> {
  if (await copyText(text)) showSuccess(vi.common.copied);
  else showError(vi.common.copyFailed);
}

/** Copies `text` and says so in a toast. */
export function CopyButton({ text, label = vi.common.copy, testId }: CopyButtonProps) {
  return (
    <Button variant="outlined" size="small" startIcon={<ContentCopyOutlined />} onClick={() => void copyWithToast(text)} data-testid={testId}>
      {label}
    </Button>
  );
}

interface CopyIconButtonProps {
  text: string;
  /** The accessible name and tooltip, e.g. 'Sao chép số tài khoản'. */
  label: string;
  testId?: string;
  size?: IconButtonProps['size'];
}

/** The compact form: an icon button beside the value it copies. */
export function CopyIconButton({ text, label, testId, size = 'small' }: CopyIconButtonProps) {
  return (
    <Tooltip title={label}>
      <IconButton size={size} aria-label={label} onClick={() => void copyWithToast(text)} data-testid={testId} data-copy-text={text}>
        <ContentCopyOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
