import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { describe, expect, it, vi } from 'vitest';
import { nextSort, SortableHeadCell, type TableSort } from './sortable-head-cell';

type Field = 'name' | 'createdAt';

function renderCell(sort: TableSort<Field> | null, field: Field, firstDirection?: 'asc' | 'desc') {
  const onSortChange = vi.fn();
  render(
    <Table>
      <TableHead>
        <TableRow>
          <SortableHeadCell
            field={field}
            label="Cột"
            sort={sort}
            onSortChange={onSortChange}
            firstDirection={firstDirection}
          />
        </TableRow>
      </TableHead>
    </Table>,
  );
  return { onSortChange, user: userEvent.setup() };
}

describe('nextSort', () => {
  it('starts another column at its first direction', () => {
    expect(nextSort<Field>(null, 'name')).toEqual({ sortBy: 'name', sortDir: 'asc' });
    expect(nextSort<Field>({ sortBy: 'name', sortDir: 'desc' }, 'createdAt', 'desc')).toEqual({
      sortBy: 'createdAt',
      sortDir: 'desc',
    });
  });

  it('flips the active column', () => {
    expect(nextSort<Field>({ sortBy: 'name', sortDir: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortDir: 'desc',
    });
    expect(nextSort<Field>({ sortBy: 'createdAt', sortDir: 'desc' }, 'createdAt', 'desc')).toEqual({
      sortBy: 'createdAt',
      sortDir: 'asc',
    });
  });
});

describe('SortableHeadCell', () => {
  it('sorts an inactive column by its first direction on click', async () => {
    const { onSortChange, user } = renderCell(
      { sortBy: 'name', sortDir: 'asc' },
      'createdAt',
      'desc',
    );
    expect(screen.getByRole('columnheader')).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Cột' }));
    expect(onSortChange).toHaveBeenCalledWith({ sortBy: 'createdAt', sortDir: 'desc' });
  });

  it('marks the active column and toggles its direction on click', async () => {
    const { onSortChange, user } = renderCell({ sortBy: 'name', sortDir: 'asc' }, 'name');
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Cột' }));
    expect(onSortChange).toHaveBeenCalledWith({ sortBy: 'name', sortDir: 'desc' });
  });
});
