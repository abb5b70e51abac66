/** A form's draft as a write sends it, and the draft as it will be once the write is saved. */
import { trimText } from '@model/trim-text.ts';
import type { FormField } from '@model/forms/field-definition.ts';
import type { Draft, LockedForm } from './form-store.ts';

export interface DraftBody {
  name?: string;
  structures?: FormField[];
  program_ids?: string[];
  programs?: string[];
}

/** Whether the body changes the draft at all (a publish may send none of its fields). */
export const changesDraft = (body: DraftBody) =>
  body.name !== undefined || body.structures !== undefined || body.program_ids !== undefined || body.programs !== undefined;

/** The draft as it will be: what the body sends over what is stored. `program_ids` wins over its alias `programs`. */
export function draftOf(body: DraftBody, stored?: LockedForm): Draft {
  const programs = body.program_ids ?? body.programs;
  return {
    name: body.name !== undefined ? trimText(body.name) : (stored?.name ?? ''),
    structures: body.structures ?? stored?.structures ?? [],
    program_ids: programs ? [...new Set(programs)] : (stored?.program_ids ?? []),
  };
}
