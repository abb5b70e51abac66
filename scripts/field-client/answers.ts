/**
 * Valid random answers to a form revision the device pulled: the demo data's generator
 * (server/demo/demo-answers.ts) for every field type, and, for a dropdown that picks from a view
 * list, a row of that list from the program database's chunks.
 */
import type { FormField } from '@model/forms/field-definition.ts';
import { answersTo } from '../../server/demo/demo-answers.ts';
import { TOWNS } from '../../server/demo/demo-places.ts';
import type { Random } from '../../server/demo/random.ts';

/** A view list's first cells (the values a dropdown stores), by list id. */
export type ListValues = Map<string, string[]>;

export function randomAnswers(fields: FormField[], lists: ListValues, random: Random): Record<string, unknown> {
  const answers = answersTo(fields, {
    random,
    town: TOWNS.kisumu!,
    createdAt: new Date(),
    beneficiaryIds: [],
    // Attachments go up through their own route: the field client sends none.
    attachment: () => undefined,
  });
  for (const field of fields) {
    const values = field.url ? lists.get(field.url) : undefined;
    if (values?.length) answers[field.field_name] = random.pick(values);
  }
  return answers;
}
