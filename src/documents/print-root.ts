/** The class of the drawer's root (a child of <body>, MUI's portal), which alone is printed. */
export const PRINT_ROOT = 'document-print-root';
