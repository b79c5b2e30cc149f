import { Fragment, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import { TableFooterPagination, type TablePageProps } from './table-footer-pagination';
import { strings } from '@/i18n/vi';
import { TableEmptyRow, TableLoadError, TableLoadingBar } from './table-state-rows';

/** What a screen hands to a server-paged table about its query. */
export interface DataTableQueryProps<T> extends TablePageProps {
  data: { items: T[]; totalCount: number } | undefined;
  isFetching: boolean;
  error: Error | null;
  onRetry: () => void;
}

interface DataTableFrameProps {
  query: DataTableQueryProps<unknown>;
  /** The message above the table when the query failed. */
  loadErrorText: (message: string) => string;
  label: string;
  testId: string;
  /** From `sm` up: the width below which the table scrolls sideways in its frame. */
  minWidth: number;
  /**
   * The head's cells, one a column: a text is a plain head cell, anything else (a
   * SortableHeadCell, a TableCell aligned right) is rendered as it is.
   */
  columns: readonly ReactNode[];
  /** A last column "Thao tác", right-aligned, for the rows' action buttons. */
  actions?: boolean;
  /** The one row shown when the query loaded no items. */
  emptyText: ReactNode;
  /** The body's rows. */
  children: ReactNode;
}

/**
 * Gives every body cell its column's name (`data-label`, from the head), which the
 * phone layout shows in front of the value. Cells spanning columns (the empty row) get none.
 */
function useCellLabels(table: RefObject<HTMLTableElement | null>) {
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const heads = Array.from(
      element.querySelectorAll('thead th'),
      (th) => th.textContent?.trim() ?? '',
    );
    for (const row of Array.from(element.querySelectorAll('tbody tr'))) {
      let column = 0;
      for (const cell of Array.from(row.children) as HTMLTableCellElement[]) {
        const span = cell.colSpan || 1;
        const label = span === 1 ? (heads[column] ?? '') : '';
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        column += span;
      }
    }
  });
}

/**
 * Below `sm` the rows become cards: the head keeps only its sort buttons (as a wrapped
 * row), each cell is a line "column name … value". From `sm` up it is a table that
 * scrolls sideways under `minWidth`, its last column (the row actions) pinned to the
 * right edge so it is never cut off.
 */
const responsiveTable = (minWidth: number) => (theme: Theme) => ({
  minWidth,
  '& th': { whiteSpace: 'nowrap' },
  '& tr > :last-child': { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 },
  [theme.breakpoints.down('sm')]: {
    minWidth: 0,
    '&, & tbody, & tr, & td': { display: 'block', width: '100%' },
    '& thead': { display: 'block' },
    '& thead tr': { display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1, py: 0.5 },
    '& thead th': { display: 'block', border: 0, p: 0.5 },
    // Only the columns one can sort by: the rest would be labels without a use here.
    '& thead th:not(:has(.MuiTableSortLabel-root))': { display: 'none' },
    '& tr > :last-child': { position: 'static' },
    '& tbody tr': { borderTop: 1, borderColor: 'divider', py: 1 },
    '& tbody td': {
      border: 0,
      py: 0.5,
      px: 2,
      display: 'flex',
      // Right-aligned cells are row-reversed by MUI: the name stays in front here.
      flexDirection: 'row',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 2,
      textAlign: 'right',
      maxWidth: 'none',
      overflowWrap: 'anywhere',
    },
    '& tbody td[data-label]:not([data-label=""])::before': {
      content: 'attr(data-label)',
      flexShrink: 0,
      maxWidth: '45%',
      textAlign: 'left',
      fontWeight: 600,
      color: 'text.secondary',
    },
    '& tbody td[colspan]': { justifyContent: 'center', textAlign: 'center' },
  },
});

/**
 * The frame of a server-paged table: load error, fetching bar, the table (cards on a
 * phone) with its head and its empty row, and the pager. The feature supplies the columns
 * and the rows.
 */
export function DataTableFrame({
  query,
  loadErrorText,
  label,
  testId,
  minWidth,
  columns,
  actions,
  emptyText,
  children,
}: DataTableFrameProps) {
  const { data, isFetching, error, onRetry, ...page } = query;
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  return (
    <Paper variant="outlined">
      {error && <TableLoadError message={loadErrorText(error.message)} onRetry={onRetry} />}
      <TableLoadingBar active={isFetching} />
      <TableContainer>
        <Table
          ref={table}
          size="small"
          aria-label={label}
          data-testid={testId}
          sx={responsiveTable(minWidth)}
        >
          <TableHead>
            <TableRow>
              {columns.map((column, index) => (
                <Fragment key={index}>
                  {typeof column === 'string' ? <TableCell>{column}</TableCell> : column}
                </Fragment>
              ))}
              {actions && <TableCell align="right">{strings.common.actions}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            {data && data.items.length === 0 && (
              <TableEmptyRow colSpan={columns.length + (actions ? 1 : 0)}>
                {emptyText}
              </TableEmptyRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TableFooterPagination totalCount={data?.totalCount ?? 0} {...page} />
    </Paper>
  );
}
