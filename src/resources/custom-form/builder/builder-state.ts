/**
 * The builder's field list as one reducer. Rows are keyed by a key of their own (a field's name
 * changes as it is typed), the order is kept apart from the fields, so a keystroke in one label
 * changes one entry and leaves the order — and every other row's props — as they were.
 */
import { arrayMove } from '@dnd-kit/sortable';
import type { FieldType, FormField } from '@model/forms/field-definition';
import { fieldNameFromLabel } from '@model/forms/field-name';
import { withTypeDefaults } from '@model/forms/type-defaults';
import { withType } from './new-field';
import { duplicatedFields } from './duplicate-fields';
import { translate } from '../../../providers/i18n-provider';

export interface BuilderField {
  field: FormField;
  /** The name is still derived from the label: true for fields added here until their name is edited. */
  followsLabel: boolean;
}

export interface BuilderState {
  keys: string[];
  fields: Record<string, BuilderField>;
  /** The one row shown open (spec 2 §4: one open at a time). */
  openKey: string | null;
  nextKey: number;
  /** The server's (or the check's) message for a row, by row key; a row's goes when it is edited. */
  problems: Record<string, string>;
}

export type BuilderAction =
  | { type: 'load'; fields: FormField[] }
  | { type: 'add'; field: FormField }
  /** Fields copied from another form, added after the others in one step, their names kept. */
  | { type: 'add-copies'; fields: FormField[] }
  | { type: 'update'; key: string; field: FormField }
  | { type: 'label'; key: string; label: string }
  | { type: 'name'; key: string; name: string }
  | { type: 'field-type'; key: string; fieldType: FieldType }
  | { type: 'remove'; key: string }
  | { type: 'move'; from: string; to: string }
  | { type: 'toggle'; key: string }
  | { type: 'problems'; fields: Record<string, string> };

const byOrder = (fields: FormField[]) =>
  fields
    .map((field, i) => ({ field, i }))
    .sort((a, b) => (a.field.order ?? Infinity) - (b.field.order ?? Infinity) || a.i - b.i)
    .map((entry) => entry.field);

/**
 * A field as the builder loads it (spec 2 §3 "Type defaults on load"): what its type leaves blank
 * takes the type's default — a text field's limits show 0 and 10000, the ones that apply anyway.
 */
function loadedField(field: FormField): FormField {
  const loaded = withTypeDefaults(field);
  const subFields = loaded.extra_details?.fields;
  return Array.isArray(subFields)
    ? { ...loaded, extra_details: { ...loaded.extra_details, fields: subFields.map(withTypeDefaults) } }
    : loaded;
}

/** A definition as loaded: shown in the order the form shows it (by `order`, then as listed). */
export function loadedState(fields: FormField[]): BuilderState {
  const keys = fields.map((_, i) => `f${i + 1}`);
  const ordered = byOrder(fields).map(loadedField);
  return renumbered({
    keys,
    fields: Object.fromEntries(keys.map((key, i) => [key, { field: ordered[i]!, followsLabel: false }])),
    openKey: null,
    nextKey: fields.length + 1,
    problems: {},
  });
}

/** Each field's `order` set to its place (1-based); only fields whose place changed are copied. */
function renumbered(state: BuilderState): BuilderState {
  let fields = state.fields;
  state.keys.forEach((key, i) => {
    const entry = fields[key]!;
    if (entry.field.order === i + 1) return;
    if (fields === state.fields) fields = { ...fields };
    fields[key] = { ...entry, field: { ...entry.field, order: i + 1 } };
  });
  return fields === state.fields ? state : { ...state, fields };
}

function change(state: BuilderState, key: string, next: (entry: BuilderField) => BuilderField): BuilderState {
  const entry = state.fields[key];
  if (!entry) return state;
  const { [key]: _fixed, ...problems } = state.problems;
  return { ...state, fields: { ...state.fields, [key]: next(entry) }, problems: key in state.problems ? problems : state.problems };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return loadedState(action.fields);
    case 'add': {
      const key = `f${state.nextKey}`;
      return renumbered({
        ...state,
        keys: [...state.keys, key],
        fields: { ...state.fields, [key]: { field: action.field, followsLabel: true } },
        openKey: key,
        nextKey: state.nextKey + 1,
      });
    }
    case 'add-copies': {
      if (action.fields.length === 0) return state;
      // Renamed against the fields as they are when the copy lands, not as some render saw them.
      const copies = duplicatedFields(
        state.keys.map((key) => state.fields[key]!.field),
        action.fields,
      );
      const keys = copies.map((_, i) => `f${state.nextKey + i}`);
      return renumbered({
        ...state,
        keys: [...state.keys, ...keys],
        fields: { ...state.fields, ...Object.fromEntries(keys.map((key, i) => [key, { field: copies[i]!, followsLabel: false }])) },
        nextKey: state.nextKey + keys.length,
      });
    }
    case 'update':
      return change(state, action.key, (entry) => ({ ...entry, field: { ...action.field, order: entry.field.order } }));
    case 'label':
      return change(state, action.key, (entry) => ({
        ...entry,
        field: {
          ...entry.field,
          field_label: action.label,
          ...(entry.followsLabel ? { field_name: fieldNameFromLabel(action.label) } : {}),
        },
      }));
    case 'name':
      return change(state, action.key, (entry) => ({ followsLabel: false, field: { ...entry.field, field_name: action.name } }));
    case 'field-type':
      return change(state, action.key, (entry) => ({
        ...entry,
        field: { ...withType(entry.field, action.fieldType), order: entry.field.order },
      }));
    case 'remove': {
      const { [action.key]: _gone, ...fields } = state.fields;
      return renumbered({
        ...state,
        keys: state.keys.filter((k) => k !== action.key),
        fields,
        openKey: state.openKey === action.key ? null : state.openKey,
      });
    }
    case 'move': {
      const from = state.keys.indexOf(action.from);
      const to = state.keys.indexOf(action.to);
      return from < 0 || to < 0 || from === to ? state : renumbered({ ...state, keys: arrayMove(state.keys, from, to) });
    }
    case 'toggle':
      return { ...state, openKey: state.openKey === action.key ? null : action.key };
    case 'problems':
      return { ...state, problems: rowProblems(state, action.fields) };
  }
}

/**
 * Problems keyed as the server and the definition check key them — a field's name, or its place
 * (`structures.2`, `structures.2.extra_details.fields.0`) when it has none — put on the rows they
 * are about; a sub-field's problem shows on its group's row, naming the sub-field (in the language in use).
 */
export function rowProblems(state: Pick<BuilderState, 'keys' | 'fields'>, fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  state.keys.forEach((key, i) => {
    const field = state.fields[key]!.field;
    const own = (field.field_name && fields[field.field_name]) || fields[`structures.${i}`];
    if (own) {
      out[key] = own;
      return;
    }
    (field.extra_details?.fields ?? []).some((sub, j) => {
      const problem = (sub.field_name && fields[sub.field_name]) || fields[`structures.${i}.extra_details.fields.${j}`];
      if (problem)
        out[key] = translate('app.forms.builder.sub_fields.problem', {
          label: sub.field_label || sub.field_name || translate('app.forms.builder.sub_fields.numbered', { number: j + 1 }),
          problem,
        });
      return Boolean(problem);
    });
  });
  return out;
}

/** The definition as sent and previewed, in the order shown (each field's `order` already its place). */
export function structuresOf(state: Pick<BuilderState, 'keys' | 'fields'>): FormField[] {
  return state.keys.map((key) => state.fields[key]!.field);
}
