/**
 * Spec 1 §4: the confirm wording depends on the row's status — undefined means delete, true
 * means deactivate, false means activate. Worded like the spec's logout question, in the
 * language in use.
 */
import { translate } from '../../providers/i18n-provider';

export type StatusAction = 'delete' | 'deactivate' | 'activate';

export function statusAction(status: boolean | undefined): StatusAction {
  if (status === undefined) return 'delete';
  return status ? 'deactivate' : 'activate';
}

const QUESTIONS = {
  delete: 'app.records.row.ask_delete',
  deactivate: 'app.records.row.ask_deactivate',
  activate: 'app.records.row.ask_activate',
} as const;

const DONE = {
  delete: 'app.records.row.deleted',
  deactivate: 'app.records.row.deactivated',
  activate: 'app.records.row.activated',
} as const;

export const confirmQuestion = (action: StatusAction) => translate(QUESTIONS[action]);

export const doneMessage = (label: string, action: StatusAction) => translate(DONE[action], { name: label });
