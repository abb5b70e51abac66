/**
 * What the compiled form schema does not say about a document's answers: which keys are no
 * field of the revision at all (the schema leaves additional properties open, so that the
 * preview tolerates leftovers; a stored document must not carry them), and which answers name
 * an uploaded file (file, image, signature, files, gallery — inside field groups too).
 */
import type { FormField } from '@model/forms/field-definition.ts';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema.ts';

/** Answers of these types name attachments uploaded with POST /document/attachment. */
export const ATTACHMENT_TYPES: ReadonlySet<string> = new Set(['file', 'image', 'signature', 'files', 'gallery']);

type Answers = Record<string, unknown>;

const isObject = (value: unknown): value is Answers => typeof value === 'object' && value !== null && !Array.isArray(value);

const answerable = (fields: FormField[]) =>
  new Map(fields.filter((f) => !DISPLAY_ONLY_TYPES.has(f.field_type)).map((f) => [f.field_name, f]));

/** Key (a field group's item as `group[0].key`) → "… is not a field of this form". */
export function unknownAnswers(structures: FormField[], answers: Answers, prefix = ''): Record<string, string> {
  const fields = answerable(structures);
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    const field = fields.get(key);
    const path = `${prefix}${key}`;
    if (!field) {
      found[path] = `${path} is not a field of this form`;
      continue;
    }
    if (field.field_type !== 'field-group' || !Array.isArray(value)) continue;
    value.forEach((item, i) => {
      if (isObject(item)) Object.assign(found, unknownAnswers(field.extra_details?.fields ?? [], item, `${path}[${i}].`));
    });
  }
  return found;
}

export interface AttachmentAnswer {
  /** The field the answer is under (the group's, for an answer inside a field group). */
  field: string;
  label: string;
  name: string;
}

/** Every attachment name the answers hold, with the field each is under. */
export function attachmentAnswers(structures: FormField[], answers: Answers, under?: { field: string; label: string }): AttachmentAnswer[] {
  const fields = answerable(structures);
  const found: AttachmentAnswer[] = [];
  for (const [key, value] of Object.entries(answers)) {
    const field = fields.get(key);
    if (!field || value === null || value === undefined) continue;
    const owner = under ?? { field: key, label: field.field_label };
    if (field.field_type === 'field-group' && Array.isArray(value)) {
      for (const item of value) if (isObject(item)) found.push(...attachmentAnswers(field.extra_details?.fields ?? [], item, owner));
      continue;
    }
    if (!ATTACHMENT_TYPES.has(field.field_type)) continue;
    const names = Array.isArray(value) ? value : [value];
    for (const name of names) if (typeof name === 'string' && name !== '') found.push({ ...owner, name });
  }
  return found;
}
