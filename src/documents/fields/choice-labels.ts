/** A choice answer as a person picked it: the option's label, not its stored value. */
import type { FormField } from '@model/forms/field-definition';
import { parseOptionChoice } from '@model/forms/options';

/** The label of each answered value; a value the options no longer list shows as it is. */
export function choiceLabels(field: FormField, value: unknown): string[] {
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '').map(String);
  const options = parseOptionChoice(field.extra_details?.option_choice);
  const selects = field.extra_details?.selects ?? {};
  return values.map((v) => options.find((o) => o.value === v)?.label ?? selects[v] ?? v);
}
