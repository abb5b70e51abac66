/**
 * The rule compiler: a field's `cond_logic` becomes one predicate, which has two back ends —
 * standard JSON Schema keywords (what ajv and RJSF read) and a plain evaluator (the live
 * preview). Both read the same predicate, so they cannot disagree about what a rule means.
 *
 * Meaning, in the words a form builder uses:
 * - Rules combine with "and binds tighter than or": the rules are cut at every `or` into
 *   groups, a group holds when all its rules hold, the field shows when any group holds.
 * - A field that is hidden has no answer, whatever the document carries for it: a rule about a
 *   hidden field sees "no value", so hiding cascades down a chain of rules.
 * - "No answer" is: absent, null, '', an empty list or an empty object.
 */
import type { ConditionRule, FieldType, FormField } from './field-definition.ts';
import { isSlowPattern, MAX_PATTERN_LENGTH } from './pattern-safety.ts';

export type Predicate =
  | { op: 'all'; of: Predicate[] }
  | { op: 'any'; of: Predicate[] }
  | { op: 'not'; of: Predicate }
  | { op: 'answered'; field: string }
  | { op: 'equals'; field: string; value: unknown }
  | { op: 'pattern'; field: string; pattern: string }
  | { op: 'contains'; field: string; value: string };

export class FormDefinitionError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const ALWAYS: Predicate = { op: 'all', of: [] };

/** The rule's value in the shape the answer has: a boolean field answers true/false, a number field a number. */
export function typedRuleValue(type: FieldType | undefined, value: string | undefined): unknown {
  const text = value ?? '';
  if (type === 'boolean') return ['true', 'yes', '1'].includes(text.trim().toLowerCase());
  if (type === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : text;
  }
  return text;
}

/** Splits at every `or`; each group's rules all have to hold. */
export function ruleGroups(rules: ConditionRule[]): ConditionRule[][] {
  const groups: ConditionRule[][] = [];
  rules.forEach((rule, i) => {
    if (i === 0 || rule.cond === 'or') groups.push([rule]);
    else groups[groups.length - 1]!.push(rule);
  });
  return groups;
}

export function activeRules(field: FormField): ConditionRule[] {
  const v = field.validation;
  if (!v || v.condition_chack === false) return [];
  return v.cond_logic ?? [];
}

/**
 * Builds visibility predicates for a list of sibling fields (a form, or one field-group item).
 * Rules may only name siblings: a sub-field's rules see its own group item.
 */
export function visibilityCompiler(fields: FormField[]) {
  const byName = new Map(fields.map((f) => [f.field_name, f]));
  const memo = new Map<string, Predicate>();
  const visiting = new Set<string>();

  function visible(name: string): Predicate {
    const cached = memo.get(name);
    if (cached) return cached;
    if (visiting.has(name)) throw new FormDefinitionError(`The rules of ${name} depend on themselves`, name);
    visiting.add(name);
    const field = byName.get(name)!;
    const rules = activeRules(field);
    const predicate: Predicate =
      rules.length === 0 ? ALWAYS : { op: 'any', of: ruleGroups(rules).map((g) => ({ op: 'all', of: g.map((r) => rule(field, r)) })) };
    visiting.delete(name);
    memo.set(name, predicate);
    return predicate;
  }

  function rule(owner: FormField, r: ConditionRule): Predicate {
    const target = byName.get(r.field_name);
    if (r.field_name === owner.field_name)
      throw new FormDefinitionError(`A rule of ${owner.field_name} refers to the field itself`, owner.field_name);
    if (!target)
      throw new FormDefinitionError(`A rule of ${owner.field_name} refers to ${r.field_name}, which is not in the form`, owner.field_name);
    const shown = visible(target.field_name);
    const name = target.field_name;
    const has: Predicate = { op: 'all', of: [shown, { op: 'answered', field: name }] };
    switch (r.show) {
      case 'any-value':
        return has;
      case 'no-value':
        return { op: 'not', of: has };
      case 'is-equal-to':
        return { op: 'all', of: [shown, { op: 'equals', field: name, value: typedRuleValue(target.field_type, r.value) }] };
      case 'not-equal-to':
        return {
          op: 'not',
          of: { op: 'all', of: [shown, { op: 'equals', field: name, value: typedRuleValue(target.field_type, r.value) }] },
        };
      case 'matches-pattern': {
        const pattern = r.value ?? '';
        try {
          new RegExp(pattern, 'u');
        } catch {
          throw new FormDefinitionError(`The pattern in a rule of ${owner.field_name} is not a valid pattern`, owner.field_name);
        }
        // The preview runs the pattern on every keystroke before any save could refuse it.
        if (pattern.length > MAX_PATTERN_LENGTH || isSlowPattern(pattern))
          throw new FormDefinitionError(
            `The pattern in a rule of ${owner.field_name} could take too long to check; simplify it`,
            owner.field_name,
          );
        return { op: 'all', of: [has, { op: 'pattern', field: name, pattern }] };
      }
      case 'contains':
        return { op: 'all', of: [has, { op: 'contains', field: name, value: r.value ?? '' }] };
      default:
        throw new FormDefinitionError(`A rule of ${owner.field_name} has an unknown test '${String(r.show)}'`, owner.field_name);
    }
  }

  return { visible };
}

// ---- back end 1: JSON Schema ----

export type Schema = Record<string, unknown>;

export const NO_ANSWER: Schema = {
  anyOf: [{ type: 'null' }, { const: '' }, { type: 'array', maxItems: 0 }, { type: 'object', maxProperties: 0 }],
};

function onProperty(field: string, schema: Schema): Schema {
  return { required: [field], properties: { [field]: schema } };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function predicateSchema(p: Predicate): Schema {
  switch (p.op) {
    case 'all': {
      const parts = p.of.filter((q) => !isAlways(q));
      return parts.length === 0 ? {} : parts.length === 1 ? predicateSchema(parts[0]!) : { allOf: parts.map(predicateSchema) };
    }
    case 'any':
      if (p.of.some(isAlways)) return {};
      return p.of.length === 1 ? predicateSchema(p.of[0]!) : { anyOf: p.of.map(predicateSchema) };
    case 'not':
      return { not: predicateSchema(p.of) };
    case 'answered':
      return onProperty(p.field, { not: NO_ANSWER });
    case 'equals':
      return onProperty(p.field, { const: p.value });
    case 'pattern':
      return onProperty(p.field, { type: 'string', pattern: p.pattern });
    case 'contains':
      return onProperty(p.field, {
        anyOf: [
          { type: 'string', pattern: escapeRegExp(p.value) },
          { type: 'array', contains: { const: p.value } },
        ],
      });
  }
}

/** Whether a predicate always holds (no rules), so no `if` is needed. */
export function isAlways(p: Predicate): boolean {
  return p.op === 'all' && p.of.every(isAlways);
}

// ---- back end 2: the evaluator ----

export function hasAnswer(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** JSON equality, as JSON Schema's `const` compares. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

const own = (answers: Record<string, unknown>, field: string) => Object.prototype.hasOwnProperty.call(answers, field);

export function evaluate(p: Predicate, answers: Record<string, unknown>): boolean {
  switch (p.op) {
    case 'all':
      return p.of.every((q) => evaluate(q, answers));
    case 'any':
      return p.of.some((q) => evaluate(q, answers));
    case 'not':
      return !evaluate(p.of, answers);
    case 'answered':
      return own(answers, p.field) && hasAnswer(answers[p.field]);
    case 'equals':
      return own(answers, p.field) && sameJson(answers[p.field], p.value);
    case 'pattern': {
      const v = answers[p.field];
      return own(answers, p.field) && typeof v === 'string' && new RegExp(p.pattern, 'u').test(v);
    }
    case 'contains': {
      const v = answers[p.field];
      if (!own(answers, p.field)) return false;
      if (typeof v === 'string') return v.includes(p.value);
      return Array.isArray(v) && v.some((item) => sameJson(item, p.value));
    }
  }
}
