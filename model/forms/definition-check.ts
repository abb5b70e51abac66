/**
 * The checks a form definition must pass before it is saved, shared by the console (before it
 * sends) and the api server (which answers 400 with the same `{ message, fields }`), so a person
 * sees the same words whichever one catches the problem (spec 2 §5, §8).
 *
 * `fields` keys each problem by the field_name of the field it is about (a field without a name
 * by its place: `structures.2`, or `structures.2.extra_details.fields.0` for a sub-field), and
 * the form's title by `name`. `message` is the first problem's text. A form that passes also
 * compiles (compile-form.ts): the rule checks here mirror what the compiler refuses.
 */
import type { ConditionRule, FormField } from './field-definition.ts';
import { isBlankText } from '../trim-text.ts';
import { activeRules } from './condition.ts';
import { withTypeDefaults } from './type-defaults.ts';
import { isSlowPattern, MAX_PATTERN_LENGTH } from './pattern-safety.ts';

/** Fields in one form, sub-fields included: every one is a column of the form's answers and a row of the builder. */
export const MAX_FORM_FIELDS = 2000;

export const DEFINITION_MESSAGES = {
  title: 'add title',
  label: 'Field label is required.',
  duplicate: 'Please make unique field_name',
  oneWord: 'Field name: one word, no spaces; underscores and dashes allowed',
  selfReference: 'A condition cannot refer to the field itself',
  noRuleField: 'Choose the field this condition refers to',
  unknownField: (name: string) => `A condition refers to '${name}', which is not a field of this form`,
  sameGroupOnly: 'A condition inside a field group can only refer to fields of the same group',
  intoGroup: (name: string) => `A condition cannot refer to '${name}', which is inside a field group`,
  badPattern: (pattern: string) => `The pattern '${pattern}' of a condition is not a valid regular expression`,
  longPattern: `A condition's pattern can be at most ${MAX_PATTERN_LENGTH} characters`,
  slowPattern: 'This pattern could take too long to check; simplify it',
  nestedGroup: 'A field group cannot hold another field group',
  tooManyFields: (count: number) => `A form cannot have more than ${MAX_FORM_FIELDS} fields, sub-fields included (this one has ${count})`,
  cycle: (names: string[]) => `These conditions refer to each other in a circle: ${names.join(' → ')}`,
} as const;

export const FIELD_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export interface DefinitionProblems {
  message: string;
  fields: Record<string, string>;
}

/** No text, or text that shows as nothing (only spaces and invisible characters, model/trim-text.ts). */
const blank = (text: unknown) => typeof text !== 'string' || isBlankText(text);

/** One level of siblings: the form's fields, or one field-group's sub-fields. */
interface Level {
  fields: FormField[];
  /** Where this level sits in the definition: `structures`, `structures.3.extra_details.fields`. */
  path: string;
  /** A field-group's sub-fields. */
  inGroup?: boolean;
}

export function checkFormDefinition(form: { name?: string | null; structures: FormField[] }): DefinitionProblems | null {
  const fields: Record<string, string> = {};
  const order: string[] = [];
  const report = (key: string, message: string) => {
    if (key in fields) return; // the first problem of a field is the one to fix first
    fields[key] = message;
    order.push(message);
  };

  if (blank(form.name)) report('name', DEFINITION_MESSAGES.title);

  // The form's fields, then each field-group's sub-fields: one level down, no further.
  const structures = Array.isArray(form.structures) ? form.structures : [];
  const levels: Level[] = [{ fields: structures, path: 'structures' }];
  structures.forEach((field, i) => {
    const subFields = field?.extra_details?.fields;
    if (Array.isArray(subFields)) levels.push({ fields: subFields, path: `structures.${i}.extra_details.fields`, inGroup: true });
  });
  const count = levels.reduce((n, level) => n + level.fields.length, 0);
  if (count > MAX_FORM_FIELDS) {
    // Checked first and alone: a definition this size is refused whatever else it holds.
    report('structures', DEFINITION_MESSAGES.tooManyFields(count));
    return { message: order[0]!, fields };
  }

  // Names are unique across the whole definition, sub-fields included.
  const seen = new Set<string>();
  for (const level of levels) {
    level.fields.forEach((field, i) => {
      const name = typeof field?.field_name === 'string' ? field.field_name : '';
      const key = name || `${level.path}.${i}`;
      if (blank(field?.field_label)) report(key, DEFINITION_MESSAGES.label);
      if (!FIELD_NAME_PATTERN.test(name)) report(key, DEFINITION_MESSAGES.oneWord);
      else if (seen.has(name)) report(key, DEFINITION_MESSAGES.duplicate);
      seen.add(name);
      if (level.inGroup && field?.field_type === 'field-group') report(key, DEFINITION_MESSAGES.nestedGroup);
    });
  }
  for (const level of levels) checkRules(level, seen, report);

  return order.length ? { message: order[0]!, fields } : null;
}

/**
 * A level's rules: each names a sibling other than its own field, and they never go round in a
 * circle. `everywhere` holds every name of the form, to say why a name that is no sibling is refused.
 */
function checkRules(level: Level, everywhere: Set<string>, report: (key: string, message: string) => void) {
  const siblings = level.fields;
  const names = new Set(siblings.map((f) => f?.field_name).filter((n): n is string => typeof n === 'string' && n !== ''));
  const edges = new Map<string, string[]>();
  for (const field of siblings) {
    const owner = field?.field_name;
    if (typeof owner !== 'string' || !owner) continue;
    // As the compiler reads them: a type that carries no validation carries no rules either.
    const rules: ConditionRule[] = Array.isArray(field.validation?.cond_logic) ? activeRules(withTypeDefaults(field)) : [];
    const targets: string[] = [];
    for (const rule of rules) {
      const target = rule?.field_name;
      if (blank(target)) report(owner, DEFINITION_MESSAGES.noRuleField);
      else if (target === owner) report(owner, DEFINITION_MESSAGES.selfReference);
      else if (!names.has(target))
        report(
          owner,
          !everywhere.has(target)
            ? DEFINITION_MESSAGES.unknownField(target)
            : level.inGroup
              ? DEFINITION_MESSAGES.sameGroupOnly
              : DEFINITION_MESSAGES.intoGroup(target),
        );
      else targets.push(target);
      if (rule?.show === 'matches-pattern') {
        const problem = patternProblem(rule.value ?? '');
        if (problem) report(owner, problem);
      }
    }
    edges.set(owner, targets);
  }
  for (const circle of circles(edges)) {
    const message = DEFINITION_MESSAGES.cycle([...circle, circle[0]!]);
    for (const name of circle) report(name, message);
  }
}

/** As the compiler and ajv run it: a `u`-mode regular expression, short, that cannot backtrack for ages. */
function patternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return DEFINITION_MESSAGES.longPattern;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return DEFINITION_MESSAGES.badPattern(pattern);
  }
  return isSlowPattern(pattern) ? DEFINITION_MESSAGES.slowPattern : undefined;
}

/** Each circle of "a's rules look at b" once, starting from the field listed first. */
function circles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (name: string) => {
    stack.push(name);
    onStack.add(name);
    for (const next of edges.get(name) ?? []) {
      if (onStack.has(next)) found.push(stack.slice(stack.indexOf(next)));
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(name);
    done.add(name);
  };
  for (const name of edges.keys()) if (!done.has(name)) visit(name);
  return found;
}
