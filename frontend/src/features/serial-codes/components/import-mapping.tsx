import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { strings } from '@/i18n/vi';
import {
  firstContentRow,
  type ColumnMapping,
  type ColumnRole,
  type SplitTable,
} from '../utils/card-table';

const t = strings.serialCodes.importDialog.mapping;

/** Rows shown in the preview. */
const PREVIEW_ROWS = 5;
/** Characters of a cell shown in the preview. */
const CELL_CHARS = 40;

const NONE = -1;

function clip(text: string): string {
  return text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS)}…` : text;
}

interface ImportMappingProps {
  table: SplitTable;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}

/**
 * The first rows of a file or paste, and which column is the PIN ("Mã thẻ"), the serial
 * ("Seri") and the expiry; whether the first row is a header (then not imported).
 */
export function ImportMapping({ table, mapping, onChange }: ImportMappingProps) {
  const first = firstContentRow(table);
  const headerCells = mapping.header && first !== -1 ? (table.rows[first] ?? []) : [];
  const columnName = (index: number) => {
    const title = headerCells[index]?.trim();
    return title ? t.columnNamed(index + 1, clip(title)) : t.column(index + 1);
  };
  const columns = Array.from({ length: table.columns }, (_, index) => index);
  const roleOf = (index: number): ColumnRole | null =>
    index === mapping.code
      ? 'code'
      : index === mapping.serial
        ? 'serial'
        : index === mapping.expiry
          ? 'expiry'
          : null;

  const rows: string[][] = [];
  for (
    let i = first === -1 ? 0 : first + (mapping.header ? 1 : 0);
    i < table.rows.length && rows.length < PREVIEW_ROWS;
    i += 1
  ) {
    const row = table.rows[i] ?? [];
    if (row.some((cell) => cell.trim() !== '')) rows.push(row);
  }

  /** Choosing a column for one role frees it from another. */
  const choose = (role: ColumnRole, value: number) => {
    const next: ColumnMapping = { ...mapping };
    const column = value === NONE ? null : value;
    if (column !== null) {
      if (role !== 'code' && next.code === column) return;
      if (role !== 'serial' && next.serial === column) next.serial = null;
      if (role !== 'expiry' && next.expiry === column) next.expiry = null;
    }
    if (role === 'code' && column !== null) next.code = column;
    if (role === 'serial') next.serial = column;
    if (role === 'expiry') next.expiry = column;
    onChange(next);
  };

  const select = (role: ColumnRole, label: string, value: number | null, optional: boolean) => (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? NONE}
      onChange={(event) => choose(role, Number(event.target.value))}
      sx={{ minWidth: 160, flex: 1 }}
      slotProps={{ htmlInput: { 'data-testid': `import-map-${role}` } }}
    >
      {optional && <MenuItem value={NONE}>{t.none}</MenuItem>}
      {columns.map((index) => (
        <MenuItem key={index} value={index} disabled={role !== 'code' && index === mapping.code}>
          {columnName(index)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={1.5} data-testid="import-mapping">
      {table.columns > 1 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {select('code', t.code, mapping.code, false)}
          {select('serial', t.serial, mapping.serial, true)}
          {select('expiry', t.expiry, mapping.expiry, true)}
        </Stack>
      )}
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={mapping.header}
            onChange={(event) => onChange({ ...mapping, header: event.target.checked })}
            data-testid="import-header-row"
          />
        }
        label={t.header}
      />
      <Box sx={{ overflowX: 'auto' }}>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          {t.previewTitle}
        </Typography>
        <Table
          size="small"
          data-testid="import-preview-table"
          sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              {columns.map((index) => {
                const role = roleOf(index);
                return (
                  <TableCell
                    key={index}
                    sx={{
                      fontWeight: role ? 700 : 400,
                      color: role ? 'primary.main' : 'text.secondary',
                    }}
                  >
                    {role ? t.roles[role] : t.ignored}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {columnName(index)}
                    </Typography>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, r) => (
              <TableRow key={r}>
                {columns.map((index) => (
                  <TableCell
                    key={index}
                    sx={{ fontFamily: 'monospace', opacity: roleOf(index) ? 1 : 0.6 }}
                  >
                    {clip(row[index] ?? '')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
