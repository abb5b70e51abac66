/**
 * Fields copied in from another form ('Duplicate fields from another form', spec 2 §2): each
 * keeps its label and settings; a name already used on this form (by a field or a sub-field) or
 * by another copied field gets the first free `_2`, `_3`… after it, and the copied fields' rules
 * about each other follow the new names. Rules about a field not copied are kept as they are; the
 * definition check names them if this form has no such field.
 */
import type { FormField } from '@model/forms/field-definition';

function namesIn(fields: FormField[]): Set<string> {
  const names = new Set<string>();
  for (const f of fields) {
    if (f.field_name) names.add(f.field_name);
    for (const sub of f.extra_details?.fields ?? []) if (sub.field_name) names.add(sub.field_name);
  }
  return names;
}

function freeName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name}_${n}`)) return `${name}_${n}`;
}

function withRuleNames(field: FormField, renamed: Map<string, string>): FormField {
  const rules = field.validation?.cond_logic;
  if (!Array.isArray(rules) || !rules.some((r) => renamed.has(r.field_name))) return field;
  return {
    ...field,
    validation: {
      ...field.validation,
      cond_logic: rules.map((r) => (renamed.has(r.field_name) ? { ...r, field_name: renamed.get(r.field_name)! } : r)),
    },
  };
}

export function duplicatedFields(existing: FormField[], picked: FormField[]): FormField[] {
  const taken = namesIn(existing);
  const renamed = new Map<string, string>();
  const named = picked.map((field) => {
    const name = freeName(field.field_name, taken);
    taken.add(name);
    if (name !== field.field_name) renamed.set(field.field_name, name);
    const subs = field.extra_details?.fields;
    if (!Array.isArray(subs)) return { ...field, field_name: name };
    const groupRenamed = new Map<string, string>();
    for (const sub of subs) {
      const subName = freeName(sub.field_name, taken);
      taken.add(subName);
      if (subName !== sub.field_name) groupRenamed.set(sub.field_name, subName);
    }
    return {
      ...field,
      field_name: name,
      extra_details: {
        ...field.extra_details,
        fields: subs.map((sub) => withRuleNames({ ...sub, field_name: groupRenamed.get(sub.field_name) ?? sub.field_name }, groupRenamed)),
      },
    };
  });
  return named.map((field) => withRuleNames(field, renamed));
}
