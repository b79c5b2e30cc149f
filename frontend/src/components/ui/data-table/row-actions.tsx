import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** The right-aligned row of action buttons in a table's last cell. */
export function RowActions({ children, centered }: { children: ReactNode; centered?: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', ...(centered && { alignItems: 'center' }) }}>
      {children}
    </Stack>
  );
}

interface RowActionButtonProps {
  /** The tooltip. */
  title: ReactNode;
  /** The accessible name, usually the action and the row's name. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: IconButtonProps['color'];
  /**
   * Set (even to false) for a button that can be disabled: it is then wrapped in a span,
   * so its tooltip still shows while disabled.
   */
  disabled?: boolean;
  testId?: string;
}

/** A small icon button with a tooltip, for a table row. */
export function RowActionButton({ title, label, icon, onClick, color, disabled, testId }: RowActionButtonProps) {
  const button = (
    <IconButton size="small" color={color} aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId}>
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
}
