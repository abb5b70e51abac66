/**
 * A large form definition for the builder's bench: `fields` fields of mixed types, `rules` of
 * them shown only under a condition on an earlier yes/no or choice field (so no rule refers to
 * itself, to a missing field, or goes round in a circle). Deterministic: the same arguments
 * always make the same form. Create it through POST /form and open /custom-form/edit/{id}.
 */
import type { FieldType, FormField } from '../model/forms/field-definition.ts';

const CYCLE: FieldType[] = ['text', 'number', 'boolean', 'dropdown', 'date', 'phone', 'text-area', 'radio', 'email', 'checkbox'];

export function builderBenchDefinition(fields = 500, rules = 100): FormField[] {
  const out: FormField[] = [];
  const deciders: FormField[] = [];
  // Rules go on evenly spaced fields after the first few, so there is always a decider before them.
  const ruled = new Set(Array.from({ length: rules }, (_, i) => 10 + Math.floor((i * (fields - 10)) / Math.max(rules, 1))));
  for (let i = 0; i < fields; i++) {
    const type = CYCLE[i % CYCLE.length]!;
    const field: FormField = {
      field_label: `Question ${i + 1} (${type})`,
      field_name: `q${i + 1}`,
      field_type: type,
      order: i + 1,
      validation: { required: i % 7 === 0 },
    };
    if (type === 'dropdown' || type === 'radio' || type === 'checkbox')
      field.extra_details = {
        option_choice: 'a: Option A\nb: Option B\nc: Option C',
        selects: { a: 'Option A', b: 'Option B', c: 'Option C' },
      };
    if (type === 'text') field.validation = { ...field.validation, min: 0, max: 10000 };
    if (type === 'phone') field.validation = { ...field.validation, min: 10, max: 10 };
    if (ruled.has(i) && deciders.length > 0) {
      const decider = deciders[i % deciders.length]!;
      field.validation = {
        ...field.validation,
        condition_chack: true,
        cond_logic: [
          decider.field_type === 'boolean'
            ? { field_name: decider.field_name, show: 'is-equal-to', value: 'true', cond: 'and' }
            : { field_name: decider.field_name, show: 'not-equal-to', value: 'c', cond: 'and' },
        ],
      };
    } else if (type === 'boolean' || type === 'dropdown') {
      deciders.push(field);
    }
    out.push(field);
  }
  return out;
}

/** How many fields of a definition carry a rule. */
export const ruleCount = (fields: FormField[]) => fields.filter((f) => (f.validation?.cond_logic ?? []).length > 0).length;
