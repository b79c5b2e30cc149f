import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** The right-aligned row of action buttons in a table's last cell. */
export function RowActions({ children, centered }: { children: ReactNode; centered?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ justifyContent: 'flex-end', ...(centered && { alignItems: 'center' }) }}
    >
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
export function RowActionButton({
  title,
  label,
  icon,
  onClick,
  color,
  disabled,
  testId,
}: RowActionButtonProps) {
  const button = (
    <IconButton
      size="small"
      color={color}
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
}

interface RowActionPresetProps extends Pick<
  RowActionButtonProps,
  'onClick' | 'disabled' | 'testId'
> {
  /** The action's word ("Sửa", "Xóa"): the tooltip, and with `name` the accessible name. */
  action: string;
  /** What the row is called: the accessible name is "<action> <name>". */
  name: string;
  /** A tooltip other than `action`, such as why the button is disabled. */
  title?: ReactNode;
}

/** A row's edit button (a pencil). */
export function EditRowAction({ action, name, title = action, ...button }: RowActionPresetProps) {
  return (
    <RowActionButton
      title={title}
      label={`${action} ${name}`}
      icon={<EditOutlined fontSize="small" />}
      {...button}
    />
  );
}

/** A row's delete button (a red bin). */
export function DeleteRowAction({ action, name, title = action, ...button }: RowActionPresetProps) {
  return (
    <RowActionButton
      title={title}
      label={`${action} ${name}`}
      icon={<DeleteOutlined fontSize="small" />}
      color="error"
      {...button}
    />
  );
}
