/**
 * Undo and redo over the builder's field list: every change to the fields, their order or their
 * number (add, edit, type change, move, delete) is a step; opening a row and showing problems are
 * not. A run of edits to the same thing of one field — the keystrokes of one label, of one
 * placeholder, one option list — is one step, so Undo takes back the word typed, not one letter.
 * The title is not in it: it is a plain text input, where the browser's own undo applies.
 */
import type { BuilderAction, BuilderState } from './builder-state';

/** At most this many steps are kept; the oldest go first. */
export const HISTORY_LIMIT = 100;

export interface BuilderHistory {
  past: BuilderState[];
  present: BuilderState;
  future: BuilderState[];
  /** What the last step was about (the action and the field), to join the next edit of the same thing to it. */
  lastEdit: string | null;
}

export type HistoryAction = BuilderAction | { type: 'undo' } | { type: 'redo' };

const UNRECORDED: ReadonlySet<BuilderAction['type']> = new Set(['toggle', 'problems']);

export const startHistory = (present: BuilderState): BuilderHistory => ({ past: [], present, future: [], lastEdit: null });

/** The top-level properties (and those inside validation and extra_details) an update changes. */
function changedParts(before: object | undefined, after: object | undefined, prefix = ''): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[key] === b[key] || key === 'order') continue;
    if (!prefix && (key === 'validation' || key === 'extra_details'))
      parts.push(...changedParts(a[key] as object, b[key] as object, `${key}.`));
    else parts.push(prefix + key);
  }
  return parts.sort();
}

/** What a field edit is about, for joining a run of them into one step; null when it is a step of its own. */
function editSubject(state: BuilderState, action: BuilderAction): string | null {
  switch (action.type) {
    case 'label':
    case 'name':
      return `${action.type}:${action.key}`;
    case 'update': {
      const parts = changedParts(state.fields[action.key]?.field, action.field);
      return parts.length ? `update:${action.key}:${parts.join(',')}` : null;
    }
    default:
      return null;
  }
}

/** The fields of a step brought back, keeping what the person has open if it is still there. */
function restored(step: BuilderState, now: BuilderState): BuilderState {
  return { ...step, openKey: now.openKey !== null && now.openKey in step.fields ? now.openKey : step.openKey, problems: {} };
}

export function withHistory(reducer: (state: BuilderState, action: BuilderAction) => BuilderState) {
  return function historyReducer(history: BuilderHistory, action: HistoryAction): BuilderHistory {
    const { past, present, future } = history;
    if (action.type === 'undo') {
      const previous = past.at(-1);
      if (!previous) return history;
      return { past: past.slice(0, -1), present: restored(previous, present), future: [present, ...future], lastEdit: null };
    }
    if (action.type === 'redo') {
      const next = future[0];
      if (!next) return history;
      return { past: [...past, present], present: restored(next, present), future: future.slice(1), lastEdit: null };
    }
    const state = reducer(present, action);
    if (state === present) return history;
    if (action.type === 'load') return startHistory(state);
    // Opening another row ends a run of edits.
    if (UNRECORDED.has(action.type)) return { ...history, present: state, lastEdit: action.type === 'toggle' ? null : history.lastEdit };
    const subject = editSubject(present, action);
    // The same thing edited again: the step before it already holds the state to go back to.
    if (subject !== null && subject === history.lastEdit) return { ...history, present: state, future: [] };
    return { past: [...past, present].slice(-HISTORY_LIMIT), present: state, future: [], lastEdit: subject };
  };
}
