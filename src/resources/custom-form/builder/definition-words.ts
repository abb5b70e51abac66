/**
 * The definition check's problems (model/forms/definition-check.ts, shared with the api server,
 * which words them in English) in the language in use. Each message is recognised by the check's
 * own wording — a fixed text, or a function's text around what it names — so the words here
 * cannot drift from the check's; a message not recognised is shown as it is.
 */
import { DEFINITION_MESSAGES, MAX_FORM_FIELDS, checkFormDefinition } from '@model/forms/definition-check';
import type { FormField } from '@model/forms/field-definition';
import { MAX_PATTERN_LENGTH } from '@model/forms/pattern-safety';
import type { MessageKey } from '../../../i18n/catalogue';
import type { Translate } from '../../../i18n/use-t';

/** A problem as a catalogue key and what fills its placeholders. */
export interface Words {
  key: MessageKey;
  args?: Record<string, unknown>;
}

type Kind = keyof typeof DEFINITION_MESSAGES;

const KEYS: Record<Kind, MessageKey> = {
  title: 'schemas.form.messages.name.required',
  label: 'schemas.form-field.messages.field_label.required',
  duplicate: 'app.forms.check.duplicate',
  oneWord: 'app.forms.check.one_word',
  selfReference: 'app.forms.check.self_reference',
  noRuleField: 'app.forms.check.no_rule_field',
  unknownField: 'app.forms.check.unknown_field',
  sameGroupOnly: 'app.forms.check.same_group_only',
  intoGroup: 'app.forms.check.into_group',
  badPattern: 'app.forms.check.bad_pattern',
  longPattern: 'app.forms.check.long_pattern',
  slowPattern: 'app.forms.check.slow_pattern',
  nestedGroup: 'app.forms.check.nested_group',
  tooManyFields: 'app.forms.check.too_many_fields',
  cycle: 'app.forms.check.cycle',
};

/** The placeholder a function-made message fills with what it names. */
const SLOTS: Partial<Record<Kind, string>> = {
  unknownField: 'name',
  intoGroup: 'name',
  badPattern: 'pattern',
  tooManyFields: 'count',
  cycle: 'names',
};

/** Numbers the check words in, the same for every message of its kind. */
const FIXED: Partial<Record<Kind, Record<string, unknown>>> = {
  longPattern: { max: MAX_PATTERN_LENGTH },
  tooManyFields: { max: MAX_FORM_FIELDS },
};

const MARK = '\u0000';

type Matcher = (message: string) => Words | undefined;

function matcherOf(kind: Kind): Matcher {
  const made = DEFINITION_MESSAGES[kind];
  const key = KEYS[kind];
  const fixed = FIXED[kind] ?? {};
  if (typeof made === 'string') return (message) => (message === made ? { key, args: fixed } : undefined);
  // The function's text with a mark where it puts what it names: the text on either side is the pattern.
  const [before = '', after = ''] = (made as (named: unknown) => string)(kind === 'cycle' ? [MARK] : MARK).split(MARK);
  const slot = SLOTS[kind] ?? 'name';
  return (message) =>
    message.length >= before.length + after.length && message.startsWith(before) && message.endsWith(after)
      ? { key, args: { ...fixed, [slot]: message.slice(before.length, message.length - after.length) } }
      : undefined;
}

const matchers = (Object.keys(KEYS) as Kind[]).map(matcherOf);

/** A check message as a key and its values, or undefined for a message the check does not write. */
export function definitionWords(message: string): Words | undefined {
  for (const match of matchers) {
    const words = match(message);
    if (words) return words;
  }
  return undefined;
}

export const definitionText = (message: string, t: Translate): string => {
  const words = definitionWords(message);
  return words ? t(words.key, words.args) : message;
};

export interface CheckedProblems {
  /** Per field (and `name` for the title), in the language in use. */
  fields: Record<string, string>;
  /** The first problem, for a toast: its key and values, or its own text when not recognised. */
  notice: { message: string; args?: Record<string, unknown> };
}

/** The definition check on a draft, its problems worded in the language in use; null when it passes. */
export function checkedDraft(form: { name?: string | null; structures: FormField[] }, t: Translate): CheckedProblems | null {
  const problems = checkFormDefinition(form);
  if (!problems) return null;
  const first = definitionWords(problems.message);
  return {
    fields: Object.fromEntries(Object.entries(problems.fields).map(([field, message]) => [field, definitionText(message, t)])),
    notice: first ? { message: first.key, args: first.args } : { message: problems.message },
  };
}
