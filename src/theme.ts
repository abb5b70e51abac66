/** Primary black, secondary green, side menu 225 wide (spec 1 §9). */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const SIDE_MENU_WIDTH = 225;

export const theme: RaThemeOptions = {
  direction: 'ltr',
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#111111', contrastText: '#ffffff' },
    secondary: { main: '#2e7d32', contrastText: '#ffffff' },
    background: { default: '#f5f6f4' },
    // MUI's orange (#ed6c02) is 3.1:1 on white, too pale for a button's text (DEACTIVATE): 5.0:1.
    warning: { main: '#b45309', contrastText: '#ffffff' },
  },
  sidebar: { width: SIDE_MENU_WIDTH, closedWidth: 55 },
  shape: { borderRadius: 8 },
  typography: { fontFamily: '"Inter", "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: '#ffffff', color: '#111111' } } },
    // A spinner without a name of its own (react-admin's header indicator) is still announced.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  },
};

/** The same theme for a right-to-left language (MUI lays components out mirrored). */
export const rightToLeftTheme: RaThemeOptions = { ...theme, direction: 'rtl' };
