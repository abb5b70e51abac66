/** A readable name for a document another one refers to (a beneficiary…): its first text answer, else its local id. */
import type { Document } from '@model/generated';
import type { FormField } from '@model/forms/field-definition';
import { inFormOrder } from '@model/forms/compile-form';

export function documentName(doc: Document): string {
  const fields = inFormOrder((doc.form_fields?.structures ?? []) as FormField[]);
  for (const field of fields) {
    if (field.field_type !== 'text') continue;
    const value = doc.form_data?.[field.field_name]?.value;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return doc.local_id;
}
