import { describe, expect, it } from 'vitest';
import { stockBadge } from './stock-badge';

describe('stockBadge', () => {
  it('maps each stock level to its Vietnamese label and colour', () => {
    expect(stockBadge('in_stock')).toEqual({
      level: 'in_stock',
      label: 'Còn hàng',
      color: 'success',
      disabled: false,
    });
    expect(stockBadge('low')).toEqual({
      level: 'low',
      label: 'Sắp hết',
      color: 'warning',
      disabled: false,
    });
    expect(stockBadge('out_of_stock')).toEqual({
      level: 'out_of_stock',
      label: 'Hết hàng',
      color: 'default',
      disabled: true,
    });
  });

  it('falls back on inStock for an unknown level', () => {
    expect(stockBadge('something_new', true).label).toBe('Còn hàng');
    expect(stockBadge(undefined, false)).toMatchObject({
      level: 'out_of_stock',
      label: 'Hết hàng',
      disabled: true,
    });
    expect(stockBadge(null).disabled).toBe(true);
  });
});
