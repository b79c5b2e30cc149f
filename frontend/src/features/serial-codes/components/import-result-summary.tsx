import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { strings } from '@/i18n/vi';
import { formatNumber } from '@/lib/format';
import type { ImportSummary } from '../utils/code-import';

/** Rows listed per table; the rest are counted. */
const MAX_LISTED = 200;
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function reasonText(reasons: Record<string, string>, reason: string): string {
  return reasons[reason] ?? reason;
}

function ProblemTable({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: { line: number; code: string; reason: string }[];
  testId: string;
}) {
  const t = strings.serialCodes.result;
  const listed = rows.slice(0, MAX_LISTED);
  return (
    <Stack spacing={1} data-testid={testId} data-count={rows.length}>
      <Typography variant="subtitle2">{title}</Typography>
      <TableContainer sx={{ maxHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 80 }}>{t.line}</TableCell>
              <TableCell>{t.code}</TableCell>
              <TableCell>{t.reason}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {listed.map((row, i) => (
              <TableRow key={`${row.line}-${i}`}>
                <TableCell>{formatNumber(row.line)}</TableCell>
                <TableCell sx={{ fontFamily: MONO, wordBreak: 'break-all' }}>
                  {row.code || strings.common.empty}
                </TableCell>
                <TableCell>{row.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > MAX_LISTED && (
        <Typography variant="caption" color="text.secondary">
          {t.more(formatNumber(rows.length - MAX_LISTED))}
        </Typography>
      )}
    </Stack>
  );
}

/** What an import did: codes added, duplicates and invalid lines by the user's line number. */
export function ImportResultSummary({ summary }: { summary: ImportSummary }) {
  const t = strings.serialCodes.result;
  const problems = summary.duplicates.length + summary.invalid.length;
  return (
    <Stack spacing={2} data-testid="import-result">
      <Alert severity={problems === 0 ? 'success' : 'warning'}>
        <Typography
          variant="subtitle2"
          component="p"
          data-testid="import-result-inserted"
          data-count={summary.inserted}
        >
          {t.inserted(formatNumber(summary.inserted))}
        </Typography>
        {summary.duplicates.length > 0 && (
          <Typography variant="body2">
            {t.duplicates(formatNumber(summary.duplicates.length))}
          </Typography>
        )}
        {summary.invalid.length > 0 && (
          <Typography variant="body2">{t.invalid(formatNumber(summary.invalid.length))}</Typography>
        )}
      </Alert>
      {summary.duplicates.length > 0 && (
        <ProblemTable
          title={t.duplicates(formatNumber(summary.duplicates.length))}
          rows={summary.duplicates.map((d) => ({
            line: d.line,
            code: d.code,
            reason: reasonText(t.duplicateReasons, d.reason),
          }))}
          testId="import-result-duplicates"
        />
      )}
      {summary.invalid.length > 0 && (
        <ProblemTable
          title={t.invalid(formatNumber(summary.invalid.length))}
          rows={summary.invalid.map((d) => ({
            line: d.line,
            code: d.code,
            reason: reasonText(t.invalidReasons, d.reason),
          }))}
          testId="import-result-invalid"
        />
      )}
    </Stack>
  );
}
