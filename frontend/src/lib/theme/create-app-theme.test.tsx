import { render, screen } from '@testing-library/react';
import Autocomplete from '@mui/material/Autocomplete';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-app-theme';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('app theme', () => {
  it.each(['light', 'dark'] as const)('keeps contained buttons and primary text readable (WCAG AA) in %s mode', (mode) => {
    const { palette } = createAppTheme(mode);
    expect(contrast(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(4.5);
    // Prices are primary text on cards.
    expect(contrast(palette.primary.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });

  it("labels MUI's own controls in Vietnamese", () => {
    render(
      <ThemeProvider theme={createAppTheme('light')}>
        <TablePagination component="div" count={50} page={0} rowsPerPage={10} onPageChange={() => undefined} />
        <Autocomplete options={['a']} renderInput={(params) => <TextField {...params} label="Chọn" />} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Tới trang tiếp theo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mở' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });
});
