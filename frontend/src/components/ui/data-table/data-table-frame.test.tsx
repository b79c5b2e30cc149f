import { render, screen, within } from '@testing-library/react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { describe, expect, it } from 'vitest';
import { DataTableFrame } from './data-table-frame';

function renderTable(rows: { name: string; price: string }[]) {
  const query = {
    data: { items: rows, totalCount: rows.length },
    isFetching: false,
    error: null,
    onRetry: () => undefined,
    pageIndex: 1,
    pageSize: 20,
    onPageChange: () => undefined,
    onPageSizeChange: () => undefined,
  };
  return render(
    <DataTableFrame
      query={query}
      loadErrorText={(m) => m}
      label="Sản phẩm"
      testId="t"
      minWidth={800}
      columns={['Tên', <TableCell align="right">Giá bán</TableCell>]}
      actions
      emptyText="Trống"
    >
      {rows.map((row) => (
        <TableRow key={row.name}>
          <TableCell>{row.name}</TableCell>
          <TableCell align="right">{row.price}</TableCell>
          <TableCell align="right">
            <button type="button">Sửa</button>
          </TableCell>
        </TableRow>
      ))}
    </DataTableFrame>,
  );
}

describe('DataTableFrame', () => {
  it("labels every body cell with its column's name for the phone layout", () => {
    renderTable([{ name: 'Steam 100K', price: '95.000 ₫' }]);
    const row = screen.getAllByRole('row')[1];
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Tên',
      'Giá bán',
      'Thao tác',
    ]);
  });

  it('shows the empty text across every column, the actions one too, with no label', () => {
    renderTable([]);
    const empty = screen.getByRole('cell', { name: 'Trống' });
    expect(empty).toHaveAttribute('colspan', '3');
    expect(empty).toHaveAttribute('data-label', '');
  });
});
