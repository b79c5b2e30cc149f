import { viVN } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
// Types only: lets the theme carry MUI X Charts' texts.
import type {} from '@mui/x-charts/themeAugmentation';
import { strings } from '@/i18n/vi-shop';
import type { ColorMode } from './color-mode';

/** Emerald (Tailwind's emerald scale), the spec's primary colour. */
export const emerald = {
  50: '#ecfdf5',
  100: '#d1fae5',
  200: '#a7f3d0',
  300: '#6ee7b7',
  400: '#34d399',
  500: '#10b981',
  600: '#059669',
  700: '#047857',
  800: '#065f46',
  900: '#064e3b',
} as const;

/** Phones and tablets: a finger, not a mouse. */
const COARSE_POINTER = '@media (pointer: coarse)';

/**
 * MUI's own labels ('Go to next page', 'Open', ...) in Vietnamese come from its viVN
 * locale; MUI X Charts has no Vietnamese locale, so its two visible texts are set here.
 */
export function createAppTheme(mode: ColorMode): Theme {
  const dark = mode === 'dark';
  const focusRing = dark ? emerald[300] : emerald[700];
  return createTheme(
    {
      palette: {
        mode,
        // Light mode uses emerald 700: white on it is 5.5:1 and it reads as text on white
        // (emerald 500 was 2.5:1, below WCAG AA's 4.5:1). Dark mode keeps the lighter 400
        // under near-black text (9:1).
        primary: {
          main: dark ? emerald[400] : emerald[700],
          light: dark ? emerald[300] : emerald[600],
          dark: dark ? emerald[500] : emerald[800],
          contrastText: dark ? '#022c22' : '#ffffff',
        },
        // Filled chips and toasts (stock badges, states) need 4.5:1 too. MUI's light
        // warning (#ed6c02) and info (#0288d1) carry white at 3.0:1 and 4.1:1: amber 700
        // and sky 700 reach 5:1. Its dark error keeps its colour (it is also error text on
        // dark paper) with near-black text on it instead of white (3.7:1).
        ...(dark
          ? { error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' } }
          : { warning: { main: '#b45309' }, info: { main: '#0369a1' } }),
        background: dark
          ? { default: '#09090b', paper: '#18181b' }
          : { default: '#f8fafc', paper: '#ffffff' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        // Keyboard focus is always visible: a 2 px ring in the primary colour (3:1 or more
        // against both backgrounds), on every button, link and field, never on a tap.
        MuiCssBaseline: {
          styleOverrides: {
            ':focus-visible': { outline: `2px solid ${focusRing}`, outlineOffset: 2 },
          },
        },
        MuiButtonBase: {
          styleOverrides: {
            root: { '&.Mui-focusVisible': { outline: `2px solid ${focusRing}`, outlineOffset: 2 } },
          },
        },
        MuiLink: {
          styleOverrides: {
            root: {
              '&:focus-visible': {
                outline: `2px solid ${focusRing}`,
                outlineOffset: 2,
                borderRadius: 2,
              },
            },
          },
        },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        // Touch screens get tap targets of at least 44 × 44 px (WCAG 2.5.5); a mouse keeps
        // the compact sizes the back office's tables use.
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } },
        },
        MuiIconButton: {
          styleOverrides: { root: { [COARSE_POINTER]: { minWidth: 44, minHeight: 44 } } },
        },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        MuiChartsLocalizationProvider: {
          defaultProps: {
            localeText: { loading: strings.app.loading, noData: strings.shell.chartNoData },
          },
        },
      },
    },
    viVN,
  );
}
