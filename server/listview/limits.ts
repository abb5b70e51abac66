/** How big a view list may be: the upload, and what a workbook may unpack to (a zip bomb is refused before reading). */
export const LISTVIEW_MAX_BYTES = 20 * 1024 * 1024;
export const LISTVIEW_MAX_ROWS = 200_000;
export const LISTVIEW_MAX_COLUMNS = 50;
export const LISTVIEW_MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** A cell longer than this is refused: a lookup label, not a document. */
export const LISTVIEW_MAX_CELL_CHARS = 1000;
