/**
 * The program editing window (spec 2 §4), shared so the server refuses exactly what the console
 * hides: a role with `edit_document_after_no_of_days` may always edit a program; anyone else only
 * while the days since it was created, rounded up, are not more than its
 * `no_of_days_for_edit_program`. With 0 days that is the moment of creation only.
 */
export const DAY_MS = 86_400_000;

/** Whole days since creation, rounded up: one millisecond after creation is day 1. */
export function daysSinceCreation(createdAt: Date | string, now: Date = new Date()): number {
  return Math.ceil((now.getTime() - new Date(createdAt).getTime()) / DAY_MS);
}

export interface EditingWindowInput {
  createdAt: Date | string;
  /** The program's no_of_days_for_edit_program. */
  days: number;
  /** The caller's role holds edit_document_after_no_of_days. */
  roleMayAlways: boolean;
  now?: Date;
}

export function programEditable({ createdAt, days, roleMayAlways, now }: EditingWindowInput): boolean {
  return roleMayAlways || daysSinceCreation(createdAt, now) <= days;
}

/** The refusal's wording, naming the window. */
export const editingWindowClosedMessage = (days: number) =>
  days === 0 ? 'Editing this program closed when it was created' : `Editing this program closed ${days} days after it was created`;
