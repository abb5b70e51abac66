/**
 * Why a change to a program would be refused, in the server's own words (the lock's 423, the
 * editing window's 403, model/programs/editing-window.ts), in the language in use, or null when
 * it would be accepted — so a screen can say it in one line instead of offering a button that
 * only fails.
 */
import type { Translate } from '../../../i18n/use-t';
import type { ProgramAccess, ProgramAccessInput } from '../program-access';

/** The editing window's refusal, naming the window (the server's wording). */
export const editingClosed = (t: Translate, days: number) =>
  days === 0 ? t('app.program.access.closed_at_creation') : t('app.program.access.closed_after', { smart_count: days });

export function editBlockedReason(t: Translate, access: ProgramAccess, program: ProgramAccessInput): string | null {
  if (!access.can('can_edit_program')) return t('app.program.access.cannot_edit');
  if (access.locked) return t('app.program.access.locked');
  if (!access.editable) return editingClosed(t, program.no_of_days_for_edit_program ?? 0);
  return null;
}
