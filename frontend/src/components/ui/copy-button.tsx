import Button from '@mui/material/Button';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { vi } from '@/i18n/vi';
import { copyText } from '@/lib/clipboard';
import { showError, showSuccess } from '@/lib/toast';

interface CopyButtonProps {
  text: string;
  label?: string;
  testId?: string;
}

/** Copies `text` and says so in a toast. */
export function CopyButton({ text, label = vi.common.copy, testId }: CopyButtonProps) {
  const onClick = async () => {
    if (await copyText(text)) showSuccess(vi.common.copied);
    else showError(vi.common.copyFailed);
  };
  return (
    <Button variant="outlined" size="small" startIcon={<ContentCopyOutlined />} onClick={() => void onClick()} data-testid={testId}>
      {label}
    </Button>
  );
}
