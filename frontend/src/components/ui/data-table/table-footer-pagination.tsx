import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZE_OPTIONS } from '@/config/constants';
import { strings } from '@/i18n/vi';

export interface TablePageProps {
  /** 1-based, as the API counts pages. */
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The pager under a server-paged table; wraps on narrow screens. */
export function TableFooterPagination({
  totalCount,
  pageIndex,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: TablePageProps & { totalCount: number }) {
  return (
    <TablePagination
      component="div"
      count={totalCount}
      page={Math.max(0, pageIndex - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
      onPageChange={(_, page) => onPageChange(page + 1)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={strings.common.rowsPerPage}
      labelDisplayedRows={({ from, to, count }) => strings.common.displayedRows(from, to, count)}
      sx={{
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          px: { xs: 1, sm: 2 },
        },
        '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
      }}
    />
  );
}
