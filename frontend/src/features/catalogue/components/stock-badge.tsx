import Chip, { type ChipProps } from '@mui/material/Chip';
import { strings } from '@/i18n/vi-shop';
import { STOCK_LEVELS, type StockLevel } from '../api/types';

export interface StockBadgeModel {
  level: StockLevel;
  label: string;
  color: ChipProps['color'];
  /** Nothing can be bought: the card is shown disabled. */
  disabled: boolean;
}

const COLORS: Record<StockLevel, ChipProps['color']> = {
  in_stock: 'success',
  low: 'warning',
  out_of_stock: 'default',
};

/** The badge for a product's stock level; an unknown level falls back on `inStock`. */
export function stockBadge(level: string | null | undefined, inStock?: boolean): StockBadgeModel {
  const known = (STOCK_LEVELS as readonly string[]).includes(level ?? '')
    ? (level as StockLevel)
    : inStock
      ? 'in_stock'
      : 'out_of_stock';
  return {
    level: known,
    label: strings.storefront.stock[known],
    color: COLORS[known],
    disabled: known === 'out_of_stock',
  };
}

export function StockBadge({ model }: { model: StockBadgeModel }) {
  return (
    <Chip
      size="small"
      label={model.label}
      color={model.color}
      variant={model.disabled ? 'outlined' : 'filled'}
      data-testid="stock-badge"
      data-stock-level={model.level}
    />
  );
}
