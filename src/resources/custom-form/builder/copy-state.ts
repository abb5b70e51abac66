/** Copy Form hands the add page the structure it starts from, through the navigation state (spec 2 §2). */
import type { FormField } from '@model/forms/field-definition';

export interface FormCopy {
  name: string;
  structures: FormField[];
  /** The form copied from (the new form's parent_id). */
  parentId: string;
  programIds?: string[];
}

export const copyState = (copy: FormCopy) => ({ copyOf: copy });

export function copyFrom(state: unknown): FormCopy | undefined {
  const copy = (state as { copyOf?: Partial<FormCopy> } | null)?.copyOf;
  return copy && Array.isArray(copy.structures) && typeof copy.parentId === 'string'
    ? {
        name: String(copy.name ?? ''),
        structures: copy.structures,
        parentId: copy.parentId,
        programIds: Array.isArray(copy.programIds) ? copy.programIds.map(String) : [],
      }
    : undefined;
}
