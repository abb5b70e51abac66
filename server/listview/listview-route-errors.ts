/** What the view-list routes answer beyond what their declarations tell (merged into server/http/route-errors.ts). */
import type { RouteErrors } from '../http/route-errors.ts';

const UPLOAD: RouteErrors = {
  codes: { 400: ['INVALID_UPLOAD'], 409: ['IMPORT_ID_TAKEN'], 429: ['IMPORTS_BUSY'], 503: ['IMPORT_STOPPED'] },
  notes: {
    400: 'Also a file that is not a workbook or CSV, an empty sheet, too many rows (empty ones count) or columns, a cell too long, a workbook that unpacks too far or whose zip is inconsistent, one that takes longer than LISTVIEW_IMPORT_TIMEOUT_SECONDS or more memory than LISTVIEW_IMPORT_HEAP_MB to read (VALIDATION_FAILED naming excel_file)',
    409: 'IMPORT_ID_TAKEN: the import_id was sent with another upload already',
    429: 'IMPORTS_BUSY: this server is reading 2 list files and 4 more wait; the file was not received',
    503: 'IMPORT_STOPPED: the server stopped while reading the file; nothing was saved',
  },
};

export const LISTVIEW_ROUTE_ERRORS: Record<string, RouteErrors> = {
  'POST /listview': UPLOAD,
  'PATCH /listview/:id': UPLOAD,
  'GET /listview/import/:import_id': {
    codes: { 404: ['NOT_FOUND'] },
    notes: { 404: 'No import with this id, or one another user started' },
  },
};
