/**
 * What changed between two versions of a form, in a program manager's words: each field added,
 * removed, moved or changed, and for a changed one each property with its before and after
 * ("Minimum length: no limit → 3", "Shown: always → when “Attended” is No"). Field names are
 * given by their labels, which the two versions' fields supply. Worded in the language of `t`.
 */
import type { FieldChange, FormDiff } from '@model/forms/form-revision';
import type { FormField } from '@model/forms/field-definition';
import type { MessageKey } from '../../../i18n/catalogue';
import type { Translate } from '../../../i18n/use-t';
import { fieldTypeLabel } from '../builder/field-type-labels';
import { canonicalJson } from '@model/canonical-json';
import { isolatedName, LOCALES } from '../../../i18n/locales';

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

export const KIND_KEYS: Record<FieldChange['change'], MessageKey> = {
  added: 'app.forms.changes.kinds.added',
  removed: 'app.forms.changes.kinds.removed',
  moved: 'app.forms.changes.kinds.moved',
  changed: 'app.forms.changes.kinds.changed',
};

const quoted = (text: string, t: Translate) => t('app.forms.common.quoted', { text });

/** A type as the builder's picker names it, so the two screens never disagree. */
const typeWords = (type: unknown, t: Translate): string =>
  typeof type === 'string' ? fieldTypeLabel(type, t) : t('app.forms.changes.unknown_type');

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
export function valueWords(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('app.forms.changes.none');
  if (typeof value === 'boolean') return value ? t('ra.boolean.true') : t('ra.boolean.false');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quoted(value, t);
  if (Array.isArray(value))
    return value.length ? value.map((v) => valueWords(v, t)).join(t('app.forms.common.separator')) : t('app.forms.changes.none');
  return JSON.stringify(value);
}

const limitWords = (value: unknown, t: Translate) =>
  value === null || value === undefined || value === '' ? t('app.forms.changes.no_limit') : String(value);

interface Rule {
  field_name?: string;
  show?: string;
  value?: unknown;
  cond?: string;
}

/** "when “Attended” is No and “Age” has an answer", or "always". */
export function rulesWords(rules: unknown, lookup: FieldLookup, t: Translate, group?: string): string {
  if (!Array.isArray(rules) || rules.length === 0) return t('app.forms.changes.rules.always');
  const rule = (r: Rule) => {
    const name = String(r.field_name ?? '');
    const field = (group ? lookup(`${group}.${name}`) : undefined) ?? lookup(name);
    const raw = r.value === undefined || r.value === null ? '' : String(r.value);
    const value =
      field?.type === 'boolean' && (raw === 'true' || raw === 'false')
        ? raw === 'true'
          ? t('ra.boolean.true')
          : t('ra.boolean.false')
        : quoted(raw, t);
    const operator: Record<string, string> = {
      'any-value': t('app.forms.changes.rules.has_answer'),
      'no-value': t('app.forms.changes.rules.no_answer'),
      'is-equal-to': t('app.forms.changes.rules.is', { value }),
      'not-equal-to': t('app.forms.changes.rules.is_not', { value }),
      'matches-pattern': t('app.forms.changes.rules.matches', { value }),
      contains: t('app.forms.changes.rules.contains', { value }),
    };
    return `${quoted(field?.label ?? name, t)} ${operator[String(r.show)] ?? `${String(r.show)} ${value}`}`;
  };
  const joined = (rules as Rule[]).reduce(
    (before, r, i) =>
      i === 0 ? rule(r) : t(r.cond === 'or' ? 'app.forms.changes.rules.or' : 'app.forms.changes.rules.and', { before, after: rule(r) }),
    '',
  );
  return t('app.forms.changes.rules.when', { rules: joined });
}

interface Choice {
  value: string;
  label: string;
}

const isChoices = (v: unknown): v is Choice[] =>
  Array.isArray(v) && v.every((c) => c && typeof c === 'object' && typeof (c as Choice).value === 'string');

/** "added “Maybe”; removed “Unknown”; “y” renamed “Yes” → “Yes, fully”", or that only their order changed. */
function choicesSentence(before: Choice[], after: Choice[], t: Translate): string {
  const was = new Map(before.map((c) => [c.value, c.label]));
  const now = new Map(after.map((c) => [c.value, c.label]));
  const parts: string[] = [];
  const comma = t('app.forms.common.separator');
  const added = after.filter((c) => !was.has(c.value)).map((c) => quoted(c.label, t));
  const removed = before.filter((c) => !now.has(c.value)).map((c) => quoted(c.label, t));
  if (added.length) parts.push(t('app.forms.changes.choices.added', { labels: added.join(comma) }));
  if (removed.length) parts.push(t('app.forms.changes.choices.removed', { labels: removed.join(comma) }));
  for (const c of after) {
    const label = was.get(c.value);
    if (label !== undefined && label !== c.label)
      parts.push(t('app.forms.changes.choices.renamed', { before: quoted(label, t), after: quoted(c.label, t) }));
  }
  return parts.length
    ? t('app.forms.changes.choices.sentence', { parts: parts.join(t('app.forms.common.semicolon')) })
    : t('app.forms.changes.choices.reordered');
}

interface Repeat {
  is_repeater?: boolean;
  min_repeater?: number | null;
  max_repeater?: number | null;
}

function repeatWords(value: unknown, t: Translate): string {
  const r = value as Repeat | null;
  if (!r || !r.is_repeater) return t('app.forms.changes.repeat.once');
  const min = r.min_repeater ?? 0;
  return r.max_repeater === null || r.max_repeater === undefined
    ? t('app.forms.changes.repeat.at_least', { min })
    : t('app.forms.changes.repeat.range', { min, max: r.max_repeater });
}

/** The languages, by their own names, whose texts differ between two `translations` values (revision-diff.ts). */
function changedLanguages(before: unknown, after: unknown): string[] {
  const texts = (v: unknown, language: string) => canonicalJson((v as Record<string, unknown> | null)?.[language] ?? null);
  return LOCALES.filter(({ locale }) => texts(before, locale) !== texts(after, locale)).map(isolatedName);
}

function propertyLine(
  { property, before, after }: NonNullable<FieldChange['properties']>[number],
  field: string,
  lookup: FieldLookup,
  t: Translate,
): PropertyLine {
  const type = lookup(field)?.type;
  const group = field.includes('.') ? field.slice(0, field.lastIndexOf('.')) : undefined;
  const values = (what: MessageKey) => ({ what: t(what), before: valueWords(before, t), after: valueWords(after, t) });
  switch (property) {
    case 'label':
      return values('app.forms.changes.what.label');
    case 'type':
      return { what: t('app.forms.changes.what.type'), before: typeWords(before, t), after: typeWords(after, t) };
    case 'required':
      return {
        what: t('app.forms.changes.what.required'),
        sentence: after === true ? t('app.forms.changes.what.now_required') : t('app.forms.changes.what.no_longer_required'),
      };
    case 'min':
    case 'max': {
      const what =
        type === 'number'
          ? property === 'min'
            ? t('app.forms.changes.what.lowest')
            : t('app.forms.changes.what.highest')
          : property === 'min'
            ? t('app.forms.changes.what.min_length')
            : t('app.forms.changes.what.max_length');
      return { what, before: limitWords(before, t), after: limitWords(after, t) };
    }
    case 'options':
      return isChoices(before) && isChoices(after)
        ? { what: t('app.forms.changes.what.choices'), sentence: choicesSentence(before, after, t) }
        : values('app.forms.changes.what.choices');
    case 'logic':
      return {
        what: t('app.forms.changes.what.shown'),
        before: rulesWords(before, lookup, t, group),
        after: rulesWords(after, lookup, t, group),
      };
    case 'placeholder':
      return values('app.forms.changes.what.placeholder');
    case 'help':
      return values('app.forms.changes.what.help');
    case 'translations':
      return {
        what: t('app.forms.changes.what.translations'),
        sentence: t('app.forms.changes.what.translations_changed', {
          languages: changedLanguages(before, after).join(t('app.forms.common.separator')),
        }),
      };
    case 'default':
      return values('app.forms.changes.what.default');
    case 'list': {
      const what = t('app.forms.changes.what.list');
      if (before === null || before === undefined) return { what, sentence: t('app.forms.changes.what.list_now') };
      if (after === null || after === undefined) return { what, sentence: t('app.forms.changes.what.list_no_longer') };
      return { what, sentence: t('app.forms.changes.what.list_other') };
    }
    case 'repeater':
      return { what: t('app.forms.changes.what.filled_in'), before: repeatWords(before, t), after: repeatWords(after, t) };
    case 'sub-fields': {
      const what = t('app.forms.changes.what.sub_fields');
      const names = (v: unknown) => (Array.isArray(v) ? v.map((n) => lookup(`${field}.${String(n)}`)?.label ?? String(n)) : []);
      const was = names(before);
      const now = names(after);
      if (was.length === now.length && was.every((n) => now.includes(n)))
        return { what, sentence: t('app.forms.changes.what.sub_fields_reordered') };
      const comma = t('app.forms.common.separator');
      const none = t('app.forms.changes.none');
      return { what, before: was.join(comma) || none, after: now.join(comma) || none };
    }
    default:
      return { what: String(property), before: valueWords(before, t), after: valueWords(after, t) };
  }
}

export function describeChange(change: FieldChange, lookup: FieldLookup, t: Translate): ChangeWords {
  const dot = change.field_name.lastIndexOf('.');
  const group = dot > 0 ? change.field_name.slice(0, dot) : undefined;
  const groupLabel = group ? (lookup(group)?.label ?? group) : undefined;
  const lines: PropertyLine[] = [];
  if (change.position) {
    const places = { before: change.position.before, after: change.position.after };
    lines.push({
      what: t('app.forms.changes.what.place'),
      sentence: group ? t('app.forms.changes.what.moved_in_group', places) : t('app.forms.changes.what.moved', places),
    });
  }
  for (const p of change.properties ?? []) lines.push(propertyLine(p, change.field_name, lookup, t));
  return {
    kind: change.change,
    field: quoted(change.label || lookup(change.field_name)?.label || change.field_name, t),
    ...(groupLabel ? { where: t('app.forms.changes.where', { group: quoted(groupLabel, t) }) } : {}),
    lines,
  };
}

/** The form's title, when it changed. */
export const titleLine = (diff: FormDiff, t: Translate): PropertyLine | undefined =>
  diff.name
    ? { what: t('app.forms.changes.what.form_title'), before: valueWords(diff.name.before, t), after: valueWords(diff.name.after, t) }
    : undefined;
