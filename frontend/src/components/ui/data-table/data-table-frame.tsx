import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';
import { TableFooterPagination, type TablePageProps } from './table-footer-pagination';
import { TableLoadError, TableLoadingBar } from './table-state-rows';

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
  minWidth: number;
  /** The table's head and body. */
  children: ReactNode;
}

/**
 * The frame of a server-paged table: load error, fetching bar, a horizontally scrolling
 * small table and the pager. The feature supplies the head and body.
 */
export function DataTableFrame({ query, loadErrorText, label, testId, minWidth, children }: DataTableFrameProps) {
  const { data, isFetching, error, onRetry, ...page } = query;
  return (
    <Paper variant="outlined">
      {error && <TableLoadError message={loadErrorText(error.message)} onRetry={onRetry} />}
      <TableLoadingBar active={isFetching} />
      <TableContainer>
        <Table size="small" aria-label={label} data-testid={testId} sx={{ minWidth, '& th': { whiteSpace: 'nowrap' } }}>
          {children}
        </Table>
      </TableContainer>
      <TableFooterPagination totalCount={data?.totalCount ?? 0} {...page} />
    </Paper>
  );
}
