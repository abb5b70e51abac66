/** A name as a slug: "Clean Water 2025" → "clean-water-2025", accents dropped; `fallback` when nothing is left. */
export function nameSlug(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || fallback
  );
}
