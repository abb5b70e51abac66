/**
 * Which fields a person sees for the answers given so far — the same rule compiler as the
 * schema's if/then, evaluated directly, so the preview can hand RJSF a schema without the
 * fields that are hidden. For a field-group item, pass the group's sub-fields and the item.
 */
import type { FormField } from './field-definition.ts';
import { evaluate, visibilityCompiler } from './condition.ts';
import { withTypeDefaults } from './type-defaults.ts';

export function visibleFields(fields: FormField[], answers: Record<string, unknown>): Set<string> {
  const { visible } = visibilityCompiler(fields.map(withTypeDefaults));
  return new Set(fields.filter((f) => evaluate(visible(f.field_name), answers)).map((f) => f.field_name));
}
