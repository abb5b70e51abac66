/**
 * How a goal reads in the change log: as it is answered, without what is counted rather than
 * stored (`achieve` moves with every document, so it is no change of the goal). Its `name` is
 * the type record's, kept so the row names the type the goal counts.
 */
import type { ChangedFields, Row } from '../changes/changed-fields.ts';
import type { GoalAnswer } from './goal-store.ts';

export function goalRecord(goal: GoalAnswer): Row {
  const { achieve: _achieve, achieve_counted: _counted, ...kept } = goal;
  return kept;
}

/** An edit that only pinned or unpinned the goal reads as `pin` or `unpin`. */
export function goalEditAction(fields: ChangedFields): string | undefined {
  const names = Object.keys(fields);
  return names.length === 1 && names[0] === 'isPinned' ? (fields.isPinned![1] ? 'pin' : 'unpin') : undefined;
}
