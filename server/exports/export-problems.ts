/** What the export routes refuse with, beyond the catalogue's common answers (server/http/errors.ts). */
import { Problem, problems } from '../http/errors.ts';

export const exportProblems = {
  notFound: () => problems.notFound('Export'),
  /** Same words as the document routes: a document the caller may not read does not exist for them. */
  documentNotFound: () => new Problem(404, 'DOCUMENT_NOT_FOUND', 'No document found'),
  programNotFound: () => problems.notFound('Program'),
  noFinishedExport: () => new Problem(404, 'NOT_FOUND', 'No finished export of these documents; export them first'),
  expired: () => new Problem(410, 'EXPORT_EXPIRED', 'This export has expired and its file was deleted; export the documents again'),
  notReady: (status: string) =>
    new Problem(
      409,
      'EXPORT_NOT_READY',
      status === 'queued' || status === 'running'
        ? 'This export is not finished yet'
        : `This export has no file: it ${status === 'cancelled' ? 'was cancelled' : 'failed'}`,
    ),
  finished: () => new Problem(409, 'EXPORT_FINISHED', 'This export has finished already'),
  /** The requester's sight of the program shrank to their own documents since the export was made. */
  scopeLost: () =>
    new Problem(403, 'EXPORT_SCOPE_LOST', 'You can no longer see all documents of this program; export again to get your own'),
  busy: () => problems.exportsBusy(),
  fields: (fields: Record<string, string>) => problems.validation(fields),
};
