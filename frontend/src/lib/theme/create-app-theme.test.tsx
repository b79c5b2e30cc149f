import { render, screen } from '@testing-library/react';
import Autocomplete from '@mui/material/Autocomplete';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-app-theme';

/** Red, green, blue (0-255) and alpha of `#rrggbb` or `rgb(a)(...)`. */
function channels(css: string): [number, number, number, number] {
  if (css.startsWith('#')) {
    const hex = css.length === 4 ? [...css.slice(1)].map((d) => d + d).join('') : css.slice(1);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(1) as [
      number,
      number,
      number,
      number,
    ];
  }
  const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** WCAG relative luminance; a translucent colour is laid over `under` first. */
function luminance(css: string, under = '#ffffff'): number {
  const [r, g, b, a] = channels(css);
  const [ur, ug, ub] = channels(under);
  const [lr, lg, lb] = [r * a + ur * (1 - a), g * a + ug * (1 - a), b * a + ub * (1 - a)].map(
    (value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    },
  );
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** Contrast of text `fg` on the opaque background `bg`. */
function contrast(fg: string, bg: string): number {
  const [hi, lo] = [luminance(fg, bg), luminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('app theme', () => {
  it.each(['light', 'dark'] as const)(
    'draws a visible focus ring and 44 px touch targets in %s mode',
    (mode) => {
      const theme = createAppTheme(mode);
      const ring = JSON.stringify(theme.components?.MuiButtonBase?.styleOverrides?.root);
      expect(ring).toContain('Mui-focusVisible');
      const colour = /2px solid (#[0-9a-f]{6})/.exec(ring)?.[1] ?? '';
      expect(contrast(colour, theme.palette.background.paper)).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(theme.components?.MuiIconButton?.styleOverrides?.root)).toContain(
        '"@media (pointer: coarse)":{"minWidth":44,"minHeight":44}',
      );
      expect(JSON.stringify(theme.components?.MuiButton?.styleOverrides?.root)).toContain(
        '"minHeight":44',
      );
    },
  );

  it.each(['light', 'dark'] as const)(
    'keeps contained buttons and primary text readable (WCAG AA) in %s mode',
    (mode) => {
      const { palette } = createAppTheme(mode);
      expect(contrast(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(
        4.5,
      );
      // Prices are primary text on cards.
      expect(contrast(palette.primary.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      // Filled chips and toasts: stock badges, order and payment states.
      for (const color of [palette.success, palette.warning, palette.error, palette.info]) {
        expect(contrast(color.contrastText, color.main)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("labels MUI's own controls in Vietnamese", () => {
    render(
      <ThemeProvider theme={createAppTheme('light')}>
        <TablePagination
          component="div"
          count={50}
          page={0}
          rowsPerPage={10}
          onPageChange={() => undefined}
        />
        <Autocomplete
          options={['a']}
          renderInput={(params) => <TextField {...params} label="Chọn" />}
        />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Tới trang tiếp theo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mở' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });
});
