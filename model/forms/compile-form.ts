/**
 * compileForm: a form's field definitions → one draft-07 JSON Schema (the api server validates a
 * submitted document with it, the preview renders it) and an RJSF uiSchema.
 *
 * A field is required when its definition says so AND it is visible: a required field without
 * rules is in `required`; one with rules gets `if <visible> then <answered>`. A field's answer is
 * always checked against its type (a hidden field's leftover value too, so nothing malformed is
 * stored); only whether it must be there depends on visibility.
 */
import type { FormField } from './field-definition.ts';
import { FormDefinitionError, NO_ANSWER, isAlways, predicateSchema, visibilityCompiler, type Schema } from './condition.ts';
import { DISPLAY_ONLY_TYPES, fieldParts, type FieldParts } from './field-schema.ts';
import { NO_PLACEHOLDER_TYPES, withTypeDefaults } from './type-defaults.ts';
import { fieldsIn } from './field-texts.ts';

export interface CompiledForm {
  schema: Schema;
  uiSchema: Schema;
}

/** Fields in the order the form shows them: by `order`, then as listed. */
export function inFormOrder(fields: FormField[]): FormField[] {
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (a.field.order ?? a.index) - (b.field.order ?? b.index) || a.index - b.index)
    .map((x) => x.field);
}

function checkNames(fields: FormField[]) {
  const seen = new Set<string>();
  for (const f of fields) {
    if (!f.field_name) throw new FormDefinitionError(`The field '${f.field_label}' has no field_name`, f.field_label);
    if (seen.has(f.field_name)) throw new FormDefinitionError('Please make unique field_name', f.field_name);
    seen.add(f.field_name);
  }
}

function typedDefault(field: FormField, schema: Schema): Schema {
  if (field.default === undefined || field.default === null || field.default === '' || NO_PLACEHOLDER_TYPES.has(field.field_type))
    return {};
  const types = schema.type as string[] | undefined;
  if (types?.includes('number')) {
    const n = Number(field.default);
    return Number.isFinite(n) ? { default: n } : {};
  }
  if (types?.includes('boolean')) return { default: field.default === true || field.default === 'true' };
  if (types?.includes('string') && typeof field.default === 'string') return { default: field.default };
  return {};
}

/** Compiles sibling fields (a form, or one field-group item) into an object schema. */
function compileObject(rawFields: FormField[]): FieldParts {
  const fields = inFormOrder(rawFields.map(withTypeDefaults));
  checkNames(fields);
  const { visible } = visibilityCompiler(fields);
  const properties: Record<string, Schema> = {};
  const ui: Schema = {};
  const required: string[] = [];
  const conditional: Schema[] = [];
  const order: string[] = [];

  for (const field of fields) {
    const shown = visible(field.field_name); // also rejects bad rules on display-only fields
    if (DISPLAY_ONLY_TYPES.has(field.field_type)) continue;
    const name = field.field_name;
    const parts = fieldParts(field, compileObject);
    properties[name] = { title: field.field_label, ...parts.schema, ...typedDefault(field, parts.schema) };
    ui[name] = {
      ...parts.ui,
      'ui:options': { field_type: field.field_type, ...(parts.ui['ui:options'] as Schema | undefined) },
      ...(field.placeholder && !NO_PLACEHOLDER_TYPES.has(field.field_type) ? { 'ui:placeholder': field.placeholder } : {}),
      ...(field.help_text?.trim() ? { 'ui:help': field.help_text } : {}),
    };
    order.push(name);
    if (!field.validation?.required) continue;
    // The api server names the field in its message (server/http/validation.ts reads title and x-messages).
    const answered: Schema = {
      required: [name],
      properties: { [name]: { title: field.field_label, not: NO_ANSWER, 'x-messages': { not: `${field.field_label} is required` } } },
    };
    if (isAlways(shown)) {
      required.push(name);
      conditional.push(answered);
    } else {
      conditional.push({ if: predicateSchema(shown), then: answered });
    }
  }

  const schema: Schema = {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(conditional.length ? { allOf: conditional } : {}),
  };
  return { schema, ui: { ...ui, 'ui:order': [...order, '*'] } };
}

/** `language`: the texts shown are the fields' translations there where they have them (field-texts.ts); what is asked and checked is the same in every language. */
export function compileForm(fields: FormField[], language?: string | null): CompiledForm {
  const { schema, ui } = compileObject(fieldsIn(fields, language));
  return { schema: { $schema: 'http://json-schema.org/draft-07/schema#', ...schema }, uiSchema: ui };
}
