/**
 * A field's name derived from its label (spec 2 §3: lower-cased, spaces turned into
 * underscores). Whatever else the label holds is left out, so the derived name is always one
 * word the definition check accepts (letters, digits, `_`, `-`): "Age (years)" → "age_years".
 */
export function fieldNameFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // "Niño" → "nino": the accent is a separate mark after NFKD
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}
