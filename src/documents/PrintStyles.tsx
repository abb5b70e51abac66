/**
 * Printing the open drawer prints the document alone: the page behind it (app bar, menu, the
 * dashboard), the backdrop and the drawer's buttons are left out, the drawer's paper flows over
 * as many pages as it needs instead of the one screen it scrolls in, black on white, and no
 * answer is cut across two pages.
 */
import { GlobalStyles } from '@mui/material';
import { PRINT_ROOT } from './print-root';

export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { margin: '14mm' },
          [`body > *:not(.${PRINT_ROOT})`]: { display: 'none !important' },
          'html, body': {
            overflow: 'visible !important',
            height: 'auto !important',
            background: '#fff !important',
            padding: '0 !important',
          },
          [`.${PRINT_ROOT}`]: { position: 'static !important', inset: 'auto !important' },
          [`.${PRINT_ROOT} .MuiBackdrop-root, .${PRINT_ROOT} .no-print`]: { display: 'none !important' },
          [`.${PRINT_ROOT} .MuiDrawer-paper`]: {
            position: 'static !important',
            width: '100% !important',
            maxWidth: 'none !important',
            height: 'auto !important',
            overflow: 'visible !important',
            boxShadow: 'none !important',
            transform: 'none !important',
          },
          [`.${PRINT_ROOT} *`]: {
            color: '#000 !important',
            backgroundColor: 'transparent !important',
            boxShadow: 'none !important',
            borderColor: '#999 !important',
          },
          '.document-field, .document-picture, tr': { breakInside: 'avoid', pageBreakInside: 'avoid' },
        },
      }}
    />
  );
}
