import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface TableSort<F extends string> {
  sortBy: F;
  sortDir: SortDirection;
}

/**
 * The sort after a click on `field`'s header: the active column flips its direction,
 * another column starts at its own first direction.
 */
export function nextSort<F extends string>(
  sort: TableSort<F> | null,
  field: F,
  firstDirection: SortDirection = 'asc',
): TableSort<F> {
  if (sort?.sortBy === field)
    return { sortBy: field, sortDir: sort.sortDir === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortDir: firstDirection };
}

interface SortableHeadCellProps<F extends string> {
  field: F;
  label: ReactNode;
  sort: TableSort<F> | null;
  onSortChange: (sort: TableSort<F>) => void;
  align?: 'left' | 'right';
  /** The direction a first click sorts by (and the arrow shown while inactive). */
  firstDirection?: SortDirection;
}

/** A header cell that sorts its table by `field`. */
export function SortableHeadCell<F extends string>({
  field,
  label,
  sort,
  onSortChange,
  align = 'left',
  firstDirection = 'asc',
}: SortableHeadCellProps<F>) {
  const active = sort?.sortBy === field;
  const direction = active ? sort.sortDir : firstDirection;
  return (
    <TableCell align={align} sortDirection={active ? direction : false}>
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() => onSortChange(nextSort(sort, field, firstDirection))}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
