import { useEffect, useRef, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { strings } from '@/i18n/vi';
import { copyText } from '@/lib/clipboard';
import { showError, showToast } from '@/lib/toast';

/** Every copy toast shares this key: a new copy replaces the last one instead of stacking. */
export const COPY_TOAST_KEY = 'copy';

/** How long the button shows its check mark. */
const COPIED_MARK_MS = 2000;

const COPY_PREFIX = `${strings.common.copy} `;

/** What the toast says: 'Sao chép số tài khoản' → 'Đã sao chép số tài khoản'. */
export function copiedMessage(label: string | undefined): string {
  if (label && label.startsWith(COPY_PREFIX) && label.length > COPY_PREFIX.length)
    return strings.common.copiedWhat(label.slice(COPY_PREFIX.length));
  return strings.common.copied;
}

/** Copies, says what was copied in the one copy toast, and reports success for the check mark. */
function useCopy(text: string, label: string | undefined) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    if (await copyText(text)) {
      showToast({ severity: 'success', message: copiedMessage(label), key: COPY_TOAST_KEY });
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MARK_MS);
    } else {
      showError(strings.common.copyFailed);
    }
  };
  return { copied, copy };
}

interface CopyButtonProps {
  text: string;
  label?: string;
  testId?: string;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/** Copies `text`, says so in a toast and shows a check mark for a moment. */
export function CopyButton({
  text,
  label = strings.common.copy,
  testId,
  size = 'small',
  fullWidth,
}: CopyButtonProps) {
  const { copied, copy } = useCopy(text, label);
  return (
    <Button
      variant="outlined"
      size={size}
      fullWidth={fullWidth}
      startIcon={copied ? <CheckIcon /> : <ContentCopyOutlined />}
      onClick={() => void copy()}
      data-testid={testId}
      data-copied={copied || undefined}
    >
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

/** The compact form: an icon button beside the value it copies; a check mark once copied. */
export function CopyIconButton({ text, label, testId, size = 'small' }: CopyIconButtonProps) {
  const { copied, copy } = useCopy(text, label);
  return (
    <Tooltip title={copied ? strings.common.copiedMark : label}>
      <IconButton
        size={size}
        aria-label={label}
        onClick={() => void copy()}
        data-testid={testId}
        data-copy-text={text}
        data-copied={copied || undefined}
        color={copied ? 'primary' : 'default'}
      >
        {copied ? (
          <CheckIcon fontSize={size === 'large' ? 'medium' : 'small'} />
        ) : (
          <ContentCopyOutlined fontSize={size === 'large' ? 'medium' : 'small'} />
        )}
      </IconButton>
    </Tooltip>
  );
}
