/** How the audit log writes what it shows: actions as words, values as text, times in the reader's own zone. */
import { formatDateTime } from '../resources/generic/date-time';

/** `member-add` → "Member add"; `sign-in-failed` → "Sign in failed". */
export function actionLabel(action: string): string {
  const words = action.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a reader takes it in: empty shown as "—", lists and objects as compact JSON (long ones cut). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 2000 ? `${json.slice(0, 2000)}… (${json.length.toLocaleString()} characters)` : json;
}

export const whenText = (at: string) => formatDateTime(at);

/** What each resource of the log is called here, for the filter and the rows. */
export const RESOURCE_LABELS: Record<string, string> = {
  session: 'Session',
  user: 'User',
  role: 'Role',
  designation: 'Designation',
  'custom-form': 'Form',
  listview: 'View list',
  program: 'Program',
  beneficiary_type: 'Beneficiary type',
  location_type: 'Location type',
  event_type: 'Event type',
  case_type: 'Case type',
  survey_type: 'Survey type',
  goal: 'Goal',
  notification: 'Notification',
  permission_file: 'Permission file',
  document: 'Document',
  export: 'Export',
  settings: 'Settings',
  changes: 'Audit log',
};

export const resourceLabel = (resource: string) => RESOURCE_LABELS[resource] ?? resource;

/** The fields that name a record, first found wins: "Designation “Enumerator”" reads better than an id. */
const NAME_FIELDS = ['name', 'role', 'email', 'title', 'file_name', 'local_id'];

/** What a change is about, by name when the change carries one (a program's by the program's name now), else by id. */
export function subjectOf(change: {
  resource: string;
  record_id: string | null;
  program_name?: string | null;
  fields: Record<string, [unknown, unknown]>;
}): string {
  const label = resourceLabel(change.resource);
  for (const field of NAME_FIELDS) {
    const [before, after] = change.fields[field] ?? [];
    const name = after ?? before;
    if (typeof name === 'string' && name !== '') return `${label} “${name}”`;
  }
  if (change.resource === 'program' && change.program_name) return `${label} “${change.program_name}”`;
  // A session's id says nothing to a reader; its action and actor say it all.
  return change.record_id && change.resource !== 'session' ? `${label} ${change.record_id}` : label;
}

export const AUDIT_TEXT = {
  title: 'Audit log',
  noPermission: "You don't have permission to read the audit log (can_get_audit)",
  empty: 'No change matches these filters.',
  older: 'Show older changes',
  backwards: 'To must not be before From',
  exportCsv: 'Export CSV',
  exportRunning: (what: string) => `Exporting ${what} to CSV…`,
  exportReady: (file: string, what: string) => `${file} is ready: ${what}.`,
  download: 'Download',
  exportExpired: 'This export has expired and its file was deleted; export again.',
  exportFailed: 'The export could not be written; please try again.',
  exportMissing: 'This export is not yours or no longer exists; export again.',
};
