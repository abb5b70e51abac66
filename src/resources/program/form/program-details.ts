/** The form's values as the multipart add and edit calls take them (names trimmed, days a number). */
import type { ProgramDetails } from '../../../providers/program-calls';
import { trimText } from '@model/trim-text';

export function detailsFrom(values: Record<string, unknown>): Omit<ProgramDetails, 'photo'> {
  return {
    name: trimText(String(values.name ?? '')),
    description: String(values.description ?? ''),
    no_of_days_for_edit_program: Number(values.no_of_days_for_edit_program ?? 0),
    program_head: Array.isArray(values.program_head) ? values.program_head.map(String) : [],
    documentVisible: values.documentVisible === 'OWN' ? 'OWN' : 'ALL',
  };
}

/** Only what changed since the program was read, so a save never rewrites what someone else just changed. */
export function changedDetails(
  values: Omit<ProgramDetails, 'photo'>,
  before: Omit<ProgramDetails, 'photo'>,
): Partial<Omit<ProgramDetails, 'photo'>> {
  const changed: Partial<Record<keyof typeof values, unknown>> = {};
  for (const key of Object.keys(values) as Array<keyof typeof values>) {
    if (JSON.stringify(values[key]) !== JSON.stringify(before[key])) changed[key] = values[key];
  }
  return changed as Partial<Omit<ProgramDetails, 'photo'>>;
}
