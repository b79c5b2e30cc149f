import Chip, { type ChipProps } from '@mui/material/Chip';
import { strings } from '@/i18n/vi';
import type { ProductStatus } from '../api/types';

const COLORS: Record<ProductStatus, ChipProps['color']> = {
  draft: 'default',
  active: 'success',
  hidden: 'warning',
};

export function ProductStatusChip({ status }: { status: ProductStatus }) {
  return (
    <Chip
      size="small"
      label={strings.products.status[status] ?? status}
      color={COLORS[status] ?? 'default'}
      data-status={status}
    />
  );
}
