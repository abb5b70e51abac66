/**
 * A large, deterministic form for the builder benchmark: `fieldCount` fields of the common
 * types, `ruleCount` of them shown only by conditional logic on earlier fields (mixed and/or),
 * and the first field a text field with no rule ("Name 1"), the one the benchmark types into.
 */
import type { FieldType, FormField } from '../../model/forms/field-definition.ts';

const TYPES: FieldType[] = ['text', 'number', 'boolean', 'dropdown', 'phone', 'date', 'text-area', 'email', 'radio', 'checkbox'];

function field(i: number): FormField {
  const type = TYPES[i % TYPES.length]!;
  const label = `${type === 'text' ? 'Name' : type[0]!.toUpperCase() + type.slice(1)} ${i + 1}`;
  const choices = type === 'dropdown' || type === 'radio' || type === 'checkbox';
  return {
    field_label: label,
    field_name: `f${i + 1}`,
    field_type: type,
    order: i + 1,
    validation: { required: i % 7 === 0 },
    ...(choices ? { extra_details: { option_choice: 'yes: Yes\nno: No\nmaybe: Maybe' } } : {}),
  };
}

export function largeForm(fieldCount = 500, ruleCount = 100): FormField[] {
  const fields = Array.from({ length: fieldCount }, (_, i) => field(i));
  // Spread the rules over the second half, each on fields before it, so the first screenful is plain.
  const step = Math.max(1, Math.floor(fieldCount / 2 / ruleCount));
  for (let r = 0; r < ruleCount; r++) {
    const target = fields[Math.floor(fieldCount / 2) + r * step];
    if (!target) break;
    const on = fields.filter((f, i) => i < fieldCount / 2 && ['boolean', 'text', 'dropdown'].includes(f.field_type));
    const a = on[(r * 3) % on.length]!;
    const b = on[(r * 5 + 1) % on.length]!;
    const rule = (f: FormField) =>
      f.field_type === 'boolean'
        ? { field_name: f.field_name, show: 'is-equal-to' as const, value: 'true' }
        : f.field_type === 'dropdown'
          ? { field_name: f.field_name, show: 'not-equal-to' as const, value: 'no' }
          : { field_name: f.field_name, show: 'any-value' as const };
    target.validation = {
      ...target.validation,
      condition_chack: true,
      cond_logic: [rule(a), { ...rule(b), cond: r % 2 ? 'and' : 'or' }],
    };
  }
  return fields;
}
