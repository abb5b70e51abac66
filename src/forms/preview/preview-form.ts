/**
 * The form a person sees for the answers given so far, as RJSF should get it: the fields that
 * are hidden left out and every rule already resolved, so the schema carries no if/then.
 * RJSF re-resolves if/then across the whole form on every keystroke (rjsf#3715, #4203), which
 * costs 150–200 ms on a medium form; visibility comes instead from the same rule compiler's
 * evaluator (a property test holds the two together), and the schema changes only when the set
 * of visible fields does. Headings and separators, which ask nothing and so are not in the
 * compiled schema, come back in as display-only entries.
 */
import { compileForm, inFormOrder, type CompiledForm } from '@model/forms/compile-form';
import type { FormField } from '@model/forms/field-definition';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema';
import { visibleFields } from '@model/forms/visible-fields';

export const DISPLAY_ONLY_FIELD = 'displayOnly';

/** The rules have been applied: drop them so the compiled schema asks only what is on screen. */
const withoutLogic = (field: FormField): FormField =>
  field.validation ? { ...field, validation: { ...field.validation, condition_chack: false, cond_logic: [] } } : field;

/** A key that changes exactly when the set of visible fields does. */
export function visibilityKey(fields: FormField[], answers: Record<string, unknown>): string {
  return [...visibleFields(fields, answers)].join('\u0000');
}

export function previewForm(fields: FormField[], visibleKey: string): CompiledForm {
  const visible = new Set(visibleKey.split('\u0000'));
  const shown = inFormOrder(fields).filter((f) => visible.has(f.field_name));
  const { schema, uiSchema } = compileForm(shown.map(withoutLogic));
  const properties = { ...(schema.properties as Record<string, unknown>) };
  const ui: Record<string, unknown> = { ...uiSchema };
  for (const field of shown) {
    if (!DISPLAY_ONLY_TYPES.has(field.field_type)) continue;
    properties[field.field_name] = { type: 'null', title: field.field_label };
    ui[field.field_name] = { 'ui:field': DISPLAY_ONLY_FIELD, 'ui:options': { field_type: field.field_type, label: false } };
  }
  ui['ui:order'] = [...shown.map((f) => f.field_name), '*'];
  return { schema: { ...schema, properties }, uiSchema: ui };
}
