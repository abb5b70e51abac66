/**
 * Spec 1 §4: the confirm wording depends on the row's status — undefined means delete, true
 * means deactivate, false means activate. Worded like the spec's logout question.
 */
export type StatusAction = 'delete' | 'deactivate' | 'activate';

export function statusAction(status: boolean | undefined): StatusAction {
  if (status === undefined) return 'delete';
  return status ? 'deactivate' : 'activate';
}

export const confirmQuestion = (action: StatusAction) => `Are you Sure want to ${action}?`;

export const doneMessage = (label: string, action: StatusAction) =>
  `${label} ${action === 'delete' ? 'deleted' : action === 'activate' ? 'activated' : 'deactivated'}`;
