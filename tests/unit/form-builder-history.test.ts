/** Undo and redo over the builder's fields (builder-history.ts) and the keys that ask for them (UndoRedo.tsx). */
import { describe, expect, it } from 'vitest';
import { builderReducer, loadedState, structuresOf } from '../../src/resources/custom-form/builder/builder-state';
import {
  HISTORY_LIMIT,
  startHistory,
  withHistory,
  type BuilderHistory,
  type HistoryAction,
} from '../../src/resources/custom-form/builder/builder-history';
import { fieldOfType } from '../../src/resources/custom-form/builder/new-field';
import { isTextEntry, undoKey } from '../../src/resources/custom-form/builder/UndoRedo';

const reduce = withHistory(builderReducer);
const run = (history: BuilderHistory, ...actions: HistoryAction[]) => actions.reduce(reduce, history);
const start = () => startHistory(loadedState(['a', 'b', 'c'].map((n) => fieldOfType('text', n.toUpperCase(), n))));
const labels = (h: BuilderHistory) => structuresOf(h.present).map((f) => f.field_label);

describe('undo and redo', () => {
  it('takes back a move, a deletion and an added field, one step each, and redoes them in order', () => {
    const h0 = start();
    const [k1, k2, k3] = h0.present.keys as [string, string, string];
    const h3 = run(
      h0,
      { type: 'move', from: k3, to: k1 },
      { type: 'remove', key: k2 },
      { type: 'add', field: fieldOfType('number', 'D', 'd') },
    );
    expect(labels(h3)).toEqual(['C', 'A', 'D']);
    const back1 = run(h3, { type: 'undo' });
    expect(labels(back1)).toEqual(['C', 'A']);
    const back2 = run(back1, { type: 'undo' });
    expect(labels(back2)).toEqual(['C', 'A', 'B']);
    const back3 = run(back2, { type: 'undo' });
    expect(labels(back3)).toEqual(['A', 'B', 'C']);
    expect(structuresOf(back3.present).map((f) => f.order)).toEqual([1, 2, 3]);
    expect(run(back3, { type: 'undo' })).toBe(back3); // nothing more to take back
    const again = run(back3, { type: 'redo' }, { type: 'redo' }, { type: 'redo' });
    expect(labels(again)).toEqual(['C', 'A', 'D']);
    expect(run(again, { type: 'redo' })).toBe(again);
  });

  it('joins the keystrokes of one label into one step, and a different edit starts a new one', () => {
    const h0 = start();
    const k1 = h0.present.keys[0]!;
    const typed = run(
      h0,
      ...['Ag', 'Age', 'Age '].map((label) => ({
        type: 'label' as const,
        key: k1,
        label,
      })),
    );
    const field = typed.present.fields[k1]!.field;
    const required = run(typed, {
      type: 'update',
      key: k1,
      field: { ...field, validation: { ...field.validation, required: true } },
    });
    expect(required.past).toHaveLength(2);
    const once = run(required, { type: 'undo' });
    expect(once.present.fields[k1]!.field.validation?.required).toBe(false);
    expect(labels(once)[0]).toBe('Age ');
    expect(labels(run(once, { type: 'undo' }))[0]).toBe('A');
  });

  it('a new edit after an undo drops what could be redone', () => {
    const h0 = start();
    const [k1, , k3] = h0.present.keys as [string, string, string];
    const undone = run(h0, { type: 'remove', key: k3 }, { type: 'undo' });
    expect(undone.future).toHaveLength(1);
    const edited = run(undone, { type: 'move', from: k3, to: k1 });
    expect(edited.future).toHaveLength(0);
    expect(run(edited, { type: 'redo' })).toBe(edited);
  });

  it('opening rows and showing problems are not steps, and opening another row ends a run of typing', () => {
    const h0 = start();
    const [k1, k2] = h0.present.keys as [string, string];
    const h = run(h0, { type: 'toggle', key: k1 }, { type: 'problems', fields: { a: 'Please make unique field_name' } });
    expect(h.past).toHaveLength(0);
    const two = run(
      h,
      { type: 'label', key: k1, label: 'A1' },
      { type: 'toggle', key: k2 },
      { type: 'toggle', key: k1 },
      { type: 'label', key: k1, label: 'A12' },
    );
    expect(two.past).toHaveLength(2);
    // The row open stays open when the step brought back still has it.
    expect(run(two, { type: 'undo' }).present.openKey).toBe(k1);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let h = start();
    const [k1, k2] = h.present.keys as [string, string];
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = run(h, { type: 'move', from: i % 2 ? k1 : k2, to: i % 2 ? k2 : k1 });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
  });
});

describe('the keys', () => {
  const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
    undoKey({
      key,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      ...mods,
    });

  it('Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo; ⌘ works as Ctrl; other keys do nothing', () => {
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(press('y', { ctrlKey: true })).toBe('redo');
    expect(press('z', { metaKey: true })).toBe('undo');
    expect(press('z')).toBeNull();
    expect(press('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(press('x', { ctrlKey: true })).toBeNull();
  });

  it('inside a text box the browser keeps its own undo of typing; on a switch or a button the builder undoes', () => {
    const make = (html: string) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.firstElementChild!;
    };
    expect(isTextEntry(make('<input type="text">'))).toBe(true);
    expect(isTextEntry(make('<input type="number">'))).toBe(true);
    expect(isTextEntry(make('<textarea></textarea>'))).toBe(true);
    expect(isTextEntry(make('<input type="checkbox">'))).toBe(false);
    expect(isTextEntry(make('<button>Move</button>'))).toBe(false);
    expect(isTextEntry(document.body)).toBe(false);
  });
});
