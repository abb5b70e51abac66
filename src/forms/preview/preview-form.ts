/**
 * The preview's schemas. RJSF re-renders and re-resolves a whole form on every change (about
 * 2 ms a field: a second for 500 fields, rjsf#3715, #4203), so the preview hands it one field at
 * a time, each compiled on its own and cached by the field's definition object: a keystroke, or
 * an edit of one field in the builder, touches one small form. Which fields show comes from the
 * rule compiler's evaluator (a property test holds it to ajv's if/then of the full schema), so
 * no per-field schema carries rules. The full schema, with hidden fields left out, checks all
 * the answers when the person asks.
 */
import { compileForm, inFormOrder, type CompiledForm } from '@model/forms/compile-form';
import { FormDefinitionError } from '@model/forms/condition';
import type { FormField } from '@model/forms/field-definition';
import { visibleFields } from '@model/forms/visible-fields';

/** The rules have been applied: drop them so the compiled schema asks only what is on screen. */
const withoutLogic = (field: FormField): FormField =>
  field.validation ? { ...field, validation: { ...field.validation, condition_chack: false, cond_logic: [] } } : field;

const SEPARATOR = '\u0000';

/** A key that changes exactly when the set of visible fields does. Throws FormDefinitionError for a broken rule. */
export function visibilityKey(fields: FormField[], answers: Record<string, unknown>): string {
  return [...visibleFields(fields, answers)].join(SEPARATOR);
}

/** The fields on screen for that key, in form order. */
export function shownFields(fields: FormField[], key: string): FormField[] {
  const visible = new Set(key.split(SEPARATOR));
  return inFormOrder(fields).filter((f) => visible.has(f.field_name));
}

/** What the preview cannot show at all: fields without a name, or two with one name. */
export function namingProblem(fields: FormField[]): FormDefinitionError | undefined {
  const seen = new Set<string>();
  for (const f of fields) {
    if (!f.field_name) return new FormDefinitionError(`The field '${f.field_label}' has no field_name`, f.field_label);
    if (seen.has(f.field_name)) return new FormDefinitionError('Please make unique field_name', f.field_name);
    seen.add(f.field_name);
  }
  return undefined;
}

const oneFieldForms = new WeakMap<FormField, CompiledForm>();

/** One field as a form of its own, rules left out; the same object for the same definition. */
export function fieldForm(field: FormField): CompiledForm {
  let compiled = oneFieldForms.get(field);
  if (!compiled) {
    const { schema, uiSchema } = compileForm([withoutLogic(field)]);
    compiled = { schema, uiSchema: { ...uiSchema, 'ui:submitButtonOptions': { norender: true } } };
    oneFieldForms.set(field, compiled);
  }
  return compiled;
}

/** The form as shown (hidden fields left out, no rules): what the answers are checked against. */
export function shownForm(shown: FormField[]): CompiledForm {
  return compileForm(shown.map(withoutLogic));
}
