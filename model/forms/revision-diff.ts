/**
 * What changed between two versions of a form's fields, field by field, for the revisions page:
 * fields are matched by field_name (a sub-field as "group.sub"); each is added, removed, moved,
 * or changed (naming the properties that changed, with before and after).
 *
 * - Both sides are read with their type defaults (type-defaults.ts), so a blank limit and the
 *   default the builder fills in for it are no change.
 * - "Moved" means moved relative to the other fields: a field added or removed above the rest
 *   shifts their places but moves none of them. The fields kept in place are the longest run of
 *   common fields in the same order on both sides; the others moved.
 * - A field both moved and changed is listed once, as 'changed', with its position.
 * - Changes come in the order of the later version, sub-fields right after their group, then
 *   the removed fields in their earlier order.
 */
import type { FormField } from './field-definition.ts';
import { activeRules } from './condition.ts';
import { inFormOrder } from './compile-form.ts';
import { parseOptionChoice } from './options.ts';
import { limit, withTypeDefaults } from './type-defaults.ts';
import { canonicalJson } from '../canonical-json.ts';
import { FORM_LANGUAGES } from './field-texts.ts';

export type FieldProperty =
  | 'label'
  | 'type'
  | 'required'
  | 'min'
  | 'max'
  | 'options'
  | 'logic'
  | 'placeholder'
  | 'help'
  | 'translations'
  | 'default'
  | 'list'
  | 'repeater'
  | 'sub-fields';

export interface PropertyChange {
  property: FieldProperty;
  before: unknown;
  after: unknown;
}

export interface FieldChange {
  /** Sub-fields as "group.sub". */
  field_name: string;
  /** The label after (before, for a removed field). */
  label: string;
  change: 'added' | 'removed' | 'moved' | 'changed';
  /** 1-based, for a field that moved (also when it changed as well). */
  position?: { before: number; after: number };
  properties?: PropertyChange[];
}

const nullIfBlank = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);

/** The texts a field gives in each language, blanks left out: `{ fr: { field_label, choices: { y: 'Oui' } } }`. */
function givenTexts(field: FormField): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const language of FORM_LANGUAGES) {
    const { choices, ...texts } = field.translations?.[language] ?? {};
    const kept: Record<string, unknown> = Object.fromEntries(Object.entries(texts).filter(([, v]) => typeof v === 'string' && v.trim()));
    const keptChoices = Object.fromEntries(Object.entries(choices ?? {}).filter(([, v]) => typeof v === 'string' && v.trim()));
    if (Object.keys(keptChoices).length) kept.choices = keptChoices;
    if (Object.keys(kept).length) out[language] = kept;
  }
  return out;
}

/** Each property as compared and shown: blanks are null, limits numbers, rules in a fixed shape. */
const READ: Record<FieldProperty, (f: FormField) => unknown> = {
  label: (f) => f.field_label ?? '',
  type: (f) => f.field_type,
  required: (f) => f.validation?.required === true,
  min: (f) => limit(f.validation?.min) ?? null,
  max: (f) => limit(f.validation?.max) ?? null,
  options: (f) => parseOptionChoice(f.extra_details?.option_choice),
  logic: (f) =>
    activeRules(f).map((r, i) => ({
      field_name: r.field_name,
      show: r.show,
      value: r.value ?? '',
      ...(i > 0 ? { cond: r.cond ?? 'and' } : {}),
    })),
  placeholder: (f) => nullIfBlank(f.placeholder),
  help: (f) => nullIfBlank(f.help_text?.trim()),
  translations: (f) => givenTexts(f),
  default: (f) => nullIfBlank(f.default),
  list: (f) => nullIfBlank(f.url) ?? (typeof f.select_url === 'string' ? nullIfBlank(f.select_url) : null),
  repeater: (f) =>
    f.field_type === 'field-group'
      ? {
          is_repeater: f.validation?.is_repeater === true,
          min_repeater: limit(f.validation?.min_repeater) ?? null,
          max_repeater: limit(f.validation?.max_repeater) ?? null,
        }
      : null,
  'sub-fields': (f) => subFields(f).map((s) => s.field_name),
};
const PROPERTIES = Object.keys(READ) as FieldProperty[];

function subFields(field: FormField): FormField[] {
  const fields = field.extra_details?.fields;
  return Array.isArray(fields) ? inFormOrder(fields) : [];
}

/** JSON with object keys sorted, so two equal values compare equal however their keys were written. */
function propertyChanges(before: FormField, after: FormField): PropertyChange[] {
  const a = withTypeDefaults(before);
  const b = withTypeDefaults(after);
  return PROPERTIES.flatMap((property) => {
    const was = READ[property](a);
    const now = READ[property](b);
    return canonicalJson(was) === canonicalJson(now) ? [] : [{ property, before: was, after: now }];
  });
}

/** The names of the longest run of `common` names that both sides list in the same order. */
function keptInPlace(before: string[], after: string[]): Set<string> {
  const n = before.length;
  const m = after.length;
  // lengths[i][j]: the longest common run of before[i..] and after[j..].
  const lengths = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i]![j] = before[i] === after[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < n && j < m;) {
    if (before[i] === after[j]) {
      kept.add(before[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

function diffLevel(before: FormField[], after: FormField[], prefix: string): FieldChange[] {
  const was = inFormOrder(before);
  const now = inFormOrder(after);
  const name = (f: FormField) => `${prefix}${f.field_name}`;
  const beforeByName = new Map(was.map((f, i) => [f.field_name, { field: f, position: i + 1 }]));
  const afterNames = new Set(now.map((f) => f.field_name));
  const common = (list: FormField[], other: Set<string>) => list.map((f) => f.field_name).filter((n) => other.has(n));
  const kept = keptInPlace(common(was, afterNames), common(now, new Set(beforeByName.keys())));

  const changes: FieldChange[] = [];
  now.forEach((field, i) => {
    const earlier = beforeByName.get(field.field_name);
    if (!earlier) {
      changes.push({ field_name: name(field), label: field.field_label, change: 'added' });
      return;
    }
    const properties = propertyChanges(earlier.field, field);
    const position = kept.has(field.field_name) ? undefined : { before: earlier.position, after: i + 1 };
    if (properties.length)
      changes.push({ field_name: name(field), label: field.field_label, change: 'changed', properties, ...(position ? { position } : {}) });
    else if (position) changes.push({ field_name: name(field), label: field.field_label, change: 'moved', position });
    changes.push(...diffLevel(subFields(earlier.field), subFields(field), `${name(field)}.`));
  });
  for (const field of was)
    if (!afterNames.has(field.field_name)) changes.push({ field_name: name(field), label: field.field_label, change: 'removed' });
  return changes;
}

export function diffStructures(before: FormField[], after: FormField[]): FieldChange[] {
  return diffLevel(before ?? [], after ?? [], '');
}
