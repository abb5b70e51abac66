/**
 * What a condition rule may refer to: the fields beside the one it belongs to (a form's fields,
 * or one group's sub-fields), and what each offers — the operators (spec 2 §3: a yes/no field
 * only is-equal-to and not-equal-to) and, for a choice field, the values it can take.
 */
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type ConditionRule,
  type FieldType,
  type FormField,
} from '@model/forms/field-definition';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema';
import { parseOptionChoice, type ChoiceOption } from '@model/forms/options';
import type { MessageKey } from '../../../i18n/catalogue';

export interface RuleTarget {
  name: string;
  label: string;
  type: FieldType;
  options: ChoiceOption[];
}

/** How the rule row's picker names each operator. */
export const OPERATOR_KEYS: Record<ConditionOperator, MessageKey> = {
  'any-value': 'app.forms.operators.any_value',
  'no-value': 'app.forms.operators.no_value',
  'is-equal-to': 'app.forms.operators.is_equal_to',
  'not-equal-to': 'app.forms.operators.not_equal_to',
  'matches-pattern': 'app.forms.operators.matches_pattern',
  contains: 'app.forms.operators.contains',
};

const BOOLEAN_OPERATORS: readonly ConditionOperator[] = ['is-equal-to', 'not-equal-to'];

export const operatorsFor = (type: FieldType | undefined): readonly ConditionOperator[] =>
  type === 'boolean' ? BOOLEAN_OPERATORS : CONDITION_OPERATORS;

/** Operators that compare with a value (the others only ask whether there is an answer). */
export const takesValue = (show: ConditionOperator) => show !== 'any-value' && show !== 'no-value';

/** Headings and separators have no answer to test, and a field without a name cannot be named. */
export function ruleTargetsOf(fields: FormField[]): RuleTarget[] {
  return fields
    .filter((f) => f.field_name && !DISPLAY_ONLY_TYPES.has(f.field_type))
    .map((f) => ({
      name: f.field_name,
      label: f.field_label || f.field_name,
      type: f.field_type,
      options: parseOptionChoice(f.extra_details?.option_choice),
    }));
}

/** A rule about `target` that keeps what it can of `rule` (its operator, when the target offers it). */
export function ruleAbout(target: RuleTarget | undefined, rule: Partial<ConditionRule> = {}): ConditionRule {
  const operators = operatorsFor(target?.type);
  const show = rule.show && operators.includes(rule.show) ? rule.show : 'is-equal-to';
  const value = target?.type === 'boolean' ? (rule.value === 'false' ? 'false' : 'true') : (rule.value ?? '');
  return { field_name: target?.name ?? '', show, value, cond: rule.cond ?? 'and' };
}

/** The first rule a field gets when its logic is switched on: about the first other field. */
export function firstRule(targets: RuleTarget[], ownName: string): ConditionRule {
  return ruleAbout(targets.find((t) => t.name !== ownName));
}
