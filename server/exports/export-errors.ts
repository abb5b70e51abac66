/** What the document export routes refuse with, for their `config.errors` (server/http/error-declaration.ts). */
import type { ErrorDeclaration } from '../http/error-declaration.ts';

/** Asking for an export. */
export const EXPORT_REQUEST: ErrorDeclaration = {
  codes: { 404: ['NOT_FOUND', 'DOCUMENT_NOT_FOUND'], 429: ['EXPORTS_BUSY'] },
  notes: {
    404: 'No program with this slug, or a document that does not exist or that you may not read',
    429: 'You have 3 exports queued or running already',
  },
};

/** Downloading a finished export's file (export-download.ts): not finished, expired. */
export const EXPORT_FILE = {
  codes: { 404: ['NOT_FOUND'], 409: ['EXPORT_NOT_READY'], 410: ['EXPORT_EXPIRED'] },
  notes: {
    409: 'EXPORT_NOT_READY: queued, running, failed or cancelled',
    410: 'EXPORT_EXPIRED: the file was kept EXPORT_TTL_HOURS and is gone',
  },
} satisfies ErrorDeclaration;

/** A document export's file: also refused when the requester's sight of the program shrank since. */
export const DOCUMENT_EXPORT_FILE = {
  codes: { 403: ['EXPORT_SCOPE_LOST'], ...EXPORT_FILE.codes },
  notes: {
    403: 'EXPORT_SCOPE_LOST: the export holds all documents of a program of which you now see only your own',
    ...EXPORT_FILE.notes,
  },
} satisfies ErrorDeclaration;
