import { render, screen, within } from '@testing-library/react';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
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
    <DataTableFrame query={query} loadErrorText={(m) => m} label="Sản phẩm" testId="t" minWidth={800}>
      <TableHead>
        <TableRow>
          <TableCell>Tên</TableCell>
          <TableCell align="right">Giá bán</TableCell>
          <TableCell align="right">Thao tác</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell>{row.name}</TableCell>
            <TableCell align="right">{row.price}</TableCell>
            <TableCell align="right">
              <button type="button">Sửa</button>
            </TableCell>
          </TableRow>
        ))}
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={3}>Trống</TableCell>
          </TableRow>
        )}
      </TableBody>
    </DataTableFrame>,
  );
}

describe('DataTableFrame', () => {
  it("labels every body cell with its column's name for the phone layout", () => {
    renderTable([{ name: 'Steam 100K', price: '95.000 ₫' }]);
    const row = screen.getAllByRole('row')[1];
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Tên', 'Giá bán', 'Thao tác']);
  });

  it('gives no label to a cell spanning the whole row', () => {
    renderTable([]);
    expect(screen.getByRole('cell', { name: 'Trống' })).toHaveAttribute('data-label', '');
  });
});
