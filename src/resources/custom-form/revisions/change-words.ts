/**
 * What changed between two versions of a form, in a program manager's words: each field added,
 * removed, moved or changed, and for a changed one each property with its before and after
 * ("Minimum length: no limit → 3", "Shown: always → when “Attended” is No"). Field names are
 * given by their labels, which the two versions' fields supply.
 */
import type { FieldChange, FormDiff } from '@model/forms/form-revision';
import type { FieldType, FormField } from '@model/forms/field-definition';
import { FIELD_TYPE_LABELS } from '../builder/field-type-labels';

export interface FieldInfo {
  label: string;
  type?: string;
}

/** A field of either version by its name ("group.sub" for a sub-field). */
export type FieldLookup = (fieldName: string) => FieldInfo | undefined;

/** One changed property: "what: before → after", or a sentence of its own. */
export interface PropertyLine {
  what: string;
  before?: string;
  after?: string;
  sentence?: string;
}

export interface ChangeWords {
  kind: FieldChange['change'];
  /** The field's label, quoted. */
  field: string;
  /** Where a sub-field sits: 'in “Household members”'. */
  where?: string;
  lines: PropertyLine[];
}

export const KIND_WORDS: Record<FieldChange['change'], string> = {
  added: 'Added',
  removed: 'Removed',
  moved: 'Moved',
  changed: 'Changed',
};

const quote = (text: string) => `“${text}”`;

/** A type as the builder's picker names it, so the two screens never disagree. */
const typeWords = (type: unknown): string =>
  typeof type === 'string' ? (Object.hasOwn(FIELD_TYPE_LABELS, type) ? FIELD_TYPE_LABELS[type as FieldType] : type) : 'unknown type';

/** The fields of the versions compared, the later one's labels winning. */
export function fieldLookup(...versions: Array<FormField[] | undefined>): FieldLookup {
  const fields = new Map<string, FieldInfo>();
  const add = (list: FormField[] | undefined, prefix: string) => {
    for (const field of Array.isArray(list) ? list : []) {
      if (!field?.field_name) continue;
      fields.set(`${prefix}${field.field_name}`, { label: field.field_label || field.field_name, type: field.field_type });
      add(field.extra_details?.fields, `${prefix}${field.field_name}.`);
    }
  };
  versions.forEach((list) => add(list, ''));
  return (name) => fields.get(name);
}

/** A plain value: none, Yes/No, quoted text, numbers, lists. */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return value.length ? value.map(valueWords).join(', ') : 'none';
  return JSON.stringify(value);
}

const limitWords = (value: unknown) => (value === null || value === undefined || value === '' ? 'no limit' : String(value));

interface Rule {
  field_name?: string;
  show?: string;
  value?: unknown;
  cond?: string;
}

/** "when “Attended” is No and “Age” has an answer", or "always". */
export function rulesWords(rules: unknown, lookup: FieldLookup, group?: string): string {
  if (!Array.isArray(rules) || rules.length === 0) return 'always';
  const rule = (r: Rule) => {
    const name = String(r.field_name ?? '');
    const field = (group ? lookup(`${group}.${name}`) : undefined) ?? lookup(name);
    const raw = r.value === undefined || r.value === null ? '' : String(r.value);
    const value = field?.type === 'boolean' && (raw === 'true' || raw === 'false') ? (raw === 'true' ? 'Yes' : 'No') : quote(raw);
    const operator: Record<string, string> = {
      'any-value': 'has an answer',
      'no-value': 'has no answer',
      'is-equal-to': `is ${value}`,
      'not-equal-to': `is not ${value}`,
      'matches-pattern': `matches the pattern ${value}`,
      contains: `contains ${value}`,
    };
    return `${quote(field?.label ?? name)} ${operator[String(r.show)] ?? `${String(r.show)} ${value}`}`;
  };
  return `when ${(rules as Rule[]).map((r, i) => (i === 0 ? '' : r.cond === 'or' ? ' or ' : ' and ') + rule(r)).join('')}`;
}

interface Choice {
  value: string;
  label: string;
}

const isChoices = (v: unknown): v is Choice[] =>
  Array.isArray(v) && v.every((c) => c && typeof c === 'object' && typeof (c as Choice).value === 'string');

/** "added “Maybe”; removed “Unknown”; “y” renamed “Yes” → “Yes, fully”", or that only their order changed. */
function choicesSentence(before: Choice[], after: Choice[]): string {
  const was = new Map(before.map((c) => [c.value, c.label]));
  const now = new Map(after.map((c) => [c.value, c.label]));
  const parts: string[] = [];
  const added = after.filter((c) => !was.has(c.value)).map((c) => quote(c.label));
  const removed = before.filter((c) => !now.has(c.value)).map((c) => quote(c.label));
  if (added.length) parts.push(`added ${added.join(', ')}`);
  if (removed.length) parts.push(`removed ${removed.join(', ')}`);
  for (const c of after) {
    const label = was.get(c.value);
    if (label !== undefined && label !== c.label) parts.push(`${quote(label)} renamed ${quote(c.label)}`);
  }
  return parts.length ? `Choices: ${parts.join('; ')}` : 'Choices put in another order';
}

interface Repeat {
  is_repeater?: boolean;
  min_repeater?: number | null;
  max_repeater?: number | null;
}

function repeatWords(value: unknown): string {
  const r = value as Repeat | null;
  if (!r || !r.is_repeater) return 'once';
  const min = r.min_repeater ?? 0;
  return r.max_repeater === null || r.max_repeater === undefined ? `at least ${min} times` : `${min} to ${r.max_repeater} times`;
}

function propertyLine(
  { property, before, after }: NonNullable<FieldChange['properties']>[number],
  field: string,
  lookup: FieldLookup,
): PropertyLine {
  const type = lookup(field)?.type;
  const group = field.includes('.') ? field.slice(0, field.lastIndexOf('.')) : undefined;
  switch (property) {
    case 'label':
      return { what: 'Label', before: valueWords(before), after: valueWords(after) };
    case 'type':
      return { what: 'Type', before: typeWords(before), after: typeWords(after) };
    case 'required':
      return { what: 'Required', sentence: after === true ? 'Now required' : 'No longer required' };
    case 'min':
    case 'max': {
      const what =
        type === 'number'
          ? property === 'min'
            ? 'Lowest value'
            : 'Highest value'
          : `${property === 'min' ? 'Minimum' : 'Maximum'} length`;
      return { what, before: limitWords(before), after: limitWords(after) };
    }
    case 'options':
      return isChoices(before) && isChoices(after)
        ? { what: 'Choices', sentence: choicesSentence(before, after) }
        : { what: 'Choices', before: valueWords(before), after: valueWords(after) };
    case 'logic':
      return { what: 'Shown', before: rulesWords(before, lookup, group), after: rulesWords(after, lookup, group) };
    case 'placeholder':
      return { what: 'Placeholder', before: valueWords(before), after: valueWords(after) };
    case 'default':
      return { what: 'Default answer', before: valueWords(before), after: valueWords(after) };
    case 'list':
      if (before === null || before === undefined) return { what: 'Lookup list', sentence: 'Choices now come from a lookup list' };
      if (after === null || after === undefined) return { what: 'Lookup list', sentence: 'Choices no longer come from a lookup list' };
      return { what: 'Lookup list', sentence: 'Choices come from another lookup list' };
    case 'repeater':
      return { what: 'Filled in', before: repeatWords(before), after: repeatWords(after) };
    case 'sub-fields': {
      const names = (v: unknown) => (Array.isArray(v) ? v.map((n) => lookup(`${field}.${String(n)}`)?.label ?? String(n)) : []);
      const was = names(before);
      const now = names(after);
      if (was.length === now.length && was.every((n) => now.includes(n)))
        return { what: 'Sub-fields', sentence: 'Sub-fields put in another order' };
      return { what: 'Sub-fields', before: was.join(', ') || 'none', after: now.join(', ') || 'none' };
    }
    default:
      return { what: String(property), before: valueWords(before), after: valueWords(after) };
  }
}

export function describeChange(change: FieldChange, lookup: FieldLookup): ChangeWords {
  const dot = change.field_name.lastIndexOf('.');
  const group = dot > 0 ? change.field_name.slice(0, dot) : undefined;
  const groupLabel = group ? (lookup(group)?.label ?? group) : undefined;
  const lines: PropertyLine[] = [];
  if (change.position)
    lines.push({
      what: 'Place',
      sentence: `Moved from place ${change.position.before} to place ${change.position.after}${group ? ' in its group' : ''}`,
    });
  for (const p of change.properties ?? []) lines.push(propertyLine(p, change.field_name, lookup));
  return {
    kind: change.change,
    field: quote(change.label || lookup(change.field_name)?.label || change.field_name),
    ...(groupLabel ? { where: `in ${quote(groupLabel)}` } : {}),
    lines,
  };
}

/** The form's title, when it changed. */
export const titleLine = (diff: FormDiff): PropertyLine | undefined =>
  diff.name ? { what: 'Form title', before: valueWords(diff.name.before), after: valueWords(diff.name.after) } : undefined;
