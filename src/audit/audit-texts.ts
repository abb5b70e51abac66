/** How the audit log writes what it shows: actions as words, values as text, times in the reader's own zone. */
import type { MessageKey } from '../i18n/catalogue';
import type { Translate } from '../i18n/use-t';
import { formatDateTime } from '../resources/generic/date-time';

/** The actions the servers record, each with its words in the catalogue. */
const ACTION_WORDS: Record<string, MessageKey> = {
  create: 'app.audit.actions.create',
  update: 'app.audit.actions.update',
  delete: 'app.audit.actions.delete',
  publish: 'app.audit.actions.publish',
  restore: 'app.audit.actions.restore',
  lock: 'app.audit.actions.lock',
  unlock: 'app.audit.actions.unlock',
  activate: 'app.audit.actions.activate',
  deactivate: 'app.audit.actions.deactivate',
  'sign-in': 'app.audit.actions.sign_in',
  'sign-in-failed': 'app.audit.actions.sign_in_failed',
  'sign-out': 'app.audit.actions.sign_out',
  refused: 'app.audit.actions.refused',
  'password-change': 'app.audit.actions.password_change',
  'email-change': 'app.audit.actions.email_change',
  'password-reset': 'app.audit.actions.password_reset',
  'reset-request': 'app.audit.actions.reset_request',
  'permission-change': 'app.audit.actions.permission_change',
  'photo-change': 'app.audit.actions.photo_change',
  'logo-change': 'app.audit.actions.logo_change',
  'logo-remove': 'app.audit.actions.logo_remove',
  'member-add': 'app.audit.actions.member_add',
  'member-remove': 'app.audit.actions.member_remove',
  head: 'app.audit.actions.head',
  'head-remove': 'app.audit.actions.head_remove',
  'module-on': 'app.audit.actions.module_on',
  'module-off': 'app.audit.actions.module_off',
  'type-attach': 'app.audit.actions.type_attach',
  'type-detach': 'app.audit.actions.type_detach',
  pin: 'app.audit.actions.pin',
  unpin: 'app.audit.actions.unpin',
  submit: 'app.audit.actions.submit',
  process: 'app.audit.actions.process',
  'keep-version': 'app.audit.actions.keep_version',
  'export-request': 'app.audit.actions.export_request',
  'export-cancel': 'app.audit.actions.export_cancel',
  'export-download': 'app.audit.actions.export_download',
  'hash-chain-on': 'app.audit.actions.hash_chain_on',
  'hash-chain-off': 'app.audit.actions.hash_chain_off',
  'retention-drop': 'app.audit.actions.retention_drop',
};

/**
 * An action as words: those the catalogue knows in the language in use; any other written from
 * its name (`member-add` → "Member add"; `sign-in-failed` → "Sign in failed").
 */
export function actionLabel(t: Translate, action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return t(known);
  const words = action.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a reader takes it in: empty shown as "—", lists and objects as compact JSON (long ones cut). */
export function valueText(t: Translate, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 2000 ? t('app.audit.long_value', { json: json.slice(0, 2000), count: json.length.toLocaleString() }) : json;
}

export const whenText = (at: string) => formatDateTime(at);

/** What each resource of the log is called here, for the filter and the rows. */
export const RESOURCE_LABELS: Record<string, MessageKey> = {
  session: 'app.audit.resources.session',
  user: 'app.audit.resources.user',
  role: 'app.audit.resources.role',
  designation: 'app.audit.resources.designation',
  'custom-form': 'app.audit.resources.custom_form',
  listview: 'app.audit.resources.listview',
  program: 'app.audit.resources.program',
  beneficiary_type: 'app.audit.resources.beneficiary_type',
  location_type: 'app.audit.resources.location_type',
  event_type: 'app.audit.resources.event_type',
  case_type: 'app.audit.resources.case_type',
  survey_type: 'app.audit.resources.survey_type',
  goal: 'app.audit.resources.goal',
  notification: 'app.audit.resources.notification',
  permission_file: 'app.audit.resources.permission_file',
  document: 'app.audit.resources.document',
  export: 'app.audit.resources.export',
  settings: 'app.audit.resources.settings',
  changes: 'app.audit.resources.changes',
};

export const resourceLabel = (t: Translate, resource: string) => {
  const key = RESOURCE_LABELS[resource];
  return key ? t(key) : resource;
};

/** The fields that name a record, first found wins: "Designation “Enumerator”" reads better than an id. */
const NAME_FIELDS = ['name', 'role', 'email', 'title', 'file_name', 'local_id'];

/** What a change is about, by name when the change carries one (a program's by the program's name now), else by id. */
export function subjectOf(
  t: Translate,
  change: {
    resource: string;
    record_id: string | null;
    program_name?: string | null;
    fields: Record<string, [unknown, unknown]>;
  },
): string {
  const label = resourceLabel(t, change.resource);
  for (const field of NAME_FIELDS) {
    const [before, after] = change.fields[field] ?? [];
    const name = after ?? before;
    if (typeof name === 'string' && name !== '') return t('app.audit.subject.named', { label, name });
  }
  if (change.resource === 'program' && change.program_name) return t('app.audit.subject.named', { label, name: change.program_name });
  // A session's id says nothing to a reader; its action and actor say it all.
  return change.record_id && change.resource !== 'session' ? t('app.audit.subject.by_id', { label, id: change.record_id }) : label;
}
