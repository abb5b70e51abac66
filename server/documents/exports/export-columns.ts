/**
 * The columns of a document export: the fixed ones, then one per answered field across every
 * revision of the forms the documents were filled in. A field is known by its field_name (the
 * key its answers are stored under), so a field relabelled in a later revision is one column,
 * under its latest label. Order is stable: the forms in the order the type names them (its form,
 * then an event's pre- and post-event forms, then any other form the documents used), within a
 * form the latest revision's order, then fields only older revisions had, newest first.
 * A field group is one column (its answers as JSON); headings and separators ask nothing.
 * The header is in the requester's language (server/settings/reader-language.ts).
 */
import type { FormField } from '@model/forms/field-definition.ts';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema.ts';
import { labelIn } from '@model/forms/field-texts.ts';
import type { ServerLanguage } from '../../settings/reader-language.ts';

export interface RevisionFields {
  form_id: string;
  version: number;
  structures: FormField[];
}

export interface FieldColumn {
  fieldName: string;
  label: string;
}

/** What every export starts with, in this order (export-sql.ts writes their values), in each language. */
export const FIXED_LABELS: Record<ServerLanguage, readonly string[]> = {
  en: ['Document ID', 'Local ID', 'Document type', 'Submitted by', 'Submitted at', 'Form revision', 'Processed at'],
  fr: ['ID du document', 'ID local', 'Type de document', 'Soumis par', 'Soumis le', 'Révision du formulaire', 'Traité le'],
  ar: ['معرّف المستند', 'المعرّف المحلي', 'نوع المستند', 'أرسله', 'وقت الإرسال', 'مراجعة الاستمارة', 'وقت المعالجة'],
};

/**
 * `formOrder`: the forms in the order their fields come; revisions of other forms follow, by form
 * id. A label is the field's in `language` where its revision gives one (model/forms/field-texts.ts).
 */
export function fieldColumns(formOrder: string[], revisions: RevisionFields[], language: ServerLanguage = 'en'): FieldColumn[] {
  const rank = (formId: string) => {
    const at = formOrder.indexOf(formId);
    return at === -1 ? formOrder.length : at;
  };
  const ordered = [...revisions].sort(
    (a, b) => rank(a.form_id) - rank(b.form_id) || a.form_id.localeCompare(b.form_id) || b.version - a.version,
  );
  const columns: FieldColumn[] = [];
  const seen = new Set<string>();
  for (const revision of ordered) {
    for (const field of revision.structures ?? []) {
      if (DISPLAY_ONLY_TYPES.has(field.field_type) || !field.field_name || seen.has(field.field_name)) continue;
      seen.add(field.field_name);
      columns.push({ fieldName: field.field_name, label: labelIn(field, language)?.trim() || field.field_name });
    }
  }
  return columns;
}

/** The header row: each label once; a field whose label another column has too is told apart by its field_name. */
export function headerLabels(columns: FieldColumn[], language: ServerLanguage = 'en'): string[] {
  const fixed = FIXED_LABELS[language];
  const count = new Map<string, number>();
  const all = [...fixed, ...columns.map((c) => c.label)];
  for (const label of all) count.set(label.toLowerCase(), (count.get(label.toLowerCase()) ?? 0) + 1);
  return [...fixed, ...columns.map((c) => ((count.get(c.label.toLowerCase()) ?? 0) > 1 ? `${c.label} (${c.fieldName})` : c.label))];
}
