import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../load-error-alert';

/** The load error above a table, with a retry button. */
export function TableLoadError({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return <LoadErrorAlert onRetry={onRetry}>{message}</LoadErrorAlert>;
}

/** A thin bar above a table while it fetches; it keeps its height so the table does not jump. */
export function TableLoadingBar({ active }: { active: boolean }) {
  return <LinearProgress sx={{ visibility: active ? 'visible' : 'hidden' }} />;
}

/** The one row of a table that loaded no items. */
export function TableEmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 4, color: 'text.secondary' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
