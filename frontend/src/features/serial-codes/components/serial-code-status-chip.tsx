import Chip, { type ChipProps } from '@mui/material/Chip';
import { strings } from '@/i18n/vi';
import type { SerialCodeStatus } from '../api/types';

const COLORS: Record<SerialCodeStatus, ChipProps['color']> = {
  available: 'success',
  reserved: 'warning',
  sold: 'info',
  disabled: 'default',
};

export function SerialCodeStatusChip({ status }: { status: SerialCodeStatus }) {
  return (
    <Chip
      size="small"
      label={strings.serialCodes.status[status] ?? status}
      color={COLORS[status] ?? 'default'}
      variant={status === 'disabled' ? 'outlined' : 'filled'}
      data-status={status}
    />
  );
}
