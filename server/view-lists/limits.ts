/**
 * How big a view list may be. Every limit is checked while the file is read, on what is actually
 * there (bytes inflated, rows met, characters accumulated), never on what the file declares, so
 * a hostile file is stopped after a bounded amount of work.
 */
export const VIEW_LIST_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of the sheet, the header and empty rows included. */
export const VIEW_LIST_MAX_ROWS = 200_000;
export const VIEW_LIST_MAX_COLUMNS = 50;
/** What a workbook's parts may unpack to, all together (declared, and then counted while inflating). */
export const VIEW_LIST_MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** A cell longer than this is refused: a lookup label, not a document. */
export const VIEW_LIST_MAX_CELL_CHARS = 1000;
/** The workbook's table of shared strings (the text cells point into): its entries and their characters. */
export const VIEW_LIST_MAX_SHARED_STRINGS = 1_000_000;
export const VIEW_LIST_MAX_SHARED_STRING_CHARS = 40_000_000;
/** Parts of the zip archive a workbook may hold (a workbook has a dozen or so). */
export const VIEW_LIST_MAX_ZIP_ENTRIES = 5000;

/** Imports read at once by one api server process; more wait in line, up to the second number. */
export const VIEW_LIST_IMPORTS_AT_ONCE = 2;
export const VIEW_LIST_IMPORTS_WAITING = 4;

/**
 * A search counts its matches up to this many; past it the rows answer says "more than" (Content-Range
 * `…/10000+`). Counting every match of a common three letters in 100,000 rows costs more than
 * finding the page; nobody scrolls a lookup past ten thousand rows.
 */
export const VIEW_LIST_COUNTED_MATCHES = 10_000;
