/** What the export routes answer beyond what their declarations tell (merged into server/http/route-errors.ts). */
import type { RouteErrors } from '../http/route-errors.ts';

const REQUEST = {
  codes: { 404: ['NOT_FOUND', 'DOCUMENT_NOT_FOUND'], 429: ['EXPORTS_BUSY'] },
  notes: {
    404: 'No program with this slug, or a document that does not exist or that you may not read',
    429: 'You have 3 exports queued or running already',
  },
};
const FILE = {
  codes: { 403: ['EXPORT_SCOPE_LOST'], 404: ['NOT_FOUND'], 409: ['EXPORT_NOT_READY'], 410: ['EXPORT_EXPIRED'] },
  notes: {
    403: 'EXPORT_SCOPE_LOST: the export holds all documents of a program of which you now see only your own',
    409: 'EXPORT_NOT_READY: queued, running, failed or cancelled',
    410: 'EXPORT_EXPIRED: the file was kept EXPORT_TTL_HOURS and is gone',
  },
};

export const EXPORT_ROUTE_ERRORS: Record<string, RouteErrors> = {
  'POST /export': REQUEST,
  'GET /extra/v2/allReport': REQUEST,
  'GET /extra/v2/single/report/doc/:id': REQUEST,
  'POST /export/:id/cancel': {
    codes: { 409: ['EXPORT_FINISHED'] },
    notes: { 409: 'EXPORT_FINISHED: done, failed or expired already' },
  },
  'GET /export/:id/file': FILE,
  'GET /extra/v2/report_download': { codes: FILE.codes, notes: { ...FILE.notes, 404: 'You have no finished export of these documents' } },
};
