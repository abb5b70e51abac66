/**
 * Valid write bodies made from an entity's schema alone, so a test can create and change a
 * record of any resource the map holds — one added by the docs/adding-an-entity.md recipe included — without a
 * hand-written body per resource. References (and lists of them) name a real record of the
 * referenced resource, labelled choices take their first value, unique text is unique per call.
 */
import { resourceMap, resourceNamed, resourceSchema, type PropertySchema } from '@model/schema-registry.ts';

let serial = 0;

/** The first of a few candidates that fits the property's pattern and lengths (a digits-only mobile number, say). */
function sampleText(name: string, p: PropertySchema, n: number): string {
  const min = p.minLength ?? 1;
  const max = p.maxLength ?? 60;
  const fit = (s: string) => (s.length < min ? s.padEnd(min, 'x') : s).slice(0, max);
  const candidates = [
    fit(`Sample ${name} ${n}`),
    fit(`s${n}`),
    '9'.repeat(Math.max(min, Math.min(max, 10))),
    'a'.repeat(Math.max(min, Math.min(max, 10))),
    // An address (a webhook's): TEST-NET-1, kept for documentation, which nothing answers.
    `https://192.0.2.1/sample/${n}`,
  ];
  if (p.format === 'email') return `sample-${n}@example.com`;
  if (p.format === 'date-time') return new Date(Date.UTC(2026, 0, 1)).toISOString();
  if (!p.pattern) return candidates[0]!;
  const pattern = new RegExp(p.pattern);
  return candidates.find((c) => pattern.test(c)) ?? candidates[0]!;
}

function firstChoice(p: PropertySchema): unknown {
  if (Array.isArray(p.enum)) return p.enum[0];
  const oneOf = p.oneOf as Array<{ const?: unknown }> | undefined;
  return oneOf?.find((o) => 'const' in o)?.const;
}

/** The resource a list of references names (`"items": {"type": "string", "x-ref": ...}`). */
const listTarget = (p: PropertySchema): string | undefined => {
  const items = p.items as PropertySchema | undefined;
  return p.type === 'array' && items && !Array.isArray(items) ? items['x-ref'] : undefined;
};

function sampleValue(name: string, p: PropertySchema, idOf: (resource: string) => string | undefined, n: number): unknown {
  if (p['x-ref']) return idOf(p['x-ref']);
  const list = listTarget(p);
  if (list) {
    const id = idOf(list);
    return id === undefined ? undefined : [id];
  }
  const choice = firstChoice(p);
  if (choice !== undefined) return choice;
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  switch (type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return (p.minimum as number | undefined) ?? 1;
    case 'object':
      // A group of flags (a webhook's events), none ticked: a record that asks for nothing.
      return {};
    default:
      return sampleText(name, p, n);
  }
}

/**
 * A body the resource's POST accepts: every required writable property, every field of its
 * form (a password on add) and every reference or list of references (`idOf` names a live,
 * usable record of the referenced resource). Each call differs in its text, so unique fields stay unique.
 */
export function sampleBody(resource: string, idOf: (resource: string) => string | undefined): Record<string, unknown> {
  const schema = resourceSchema(resourceNamed(resource));
  const required = new Set([...(schema.required ?? []), ...(resourceMap[resource]?.form?.fields ?? [])]);
  const n = ++serial;
  return Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([name, p]) => !p.readOnly && (required.has(name) || p['x-ref'] || listTarget(p)))
      .map(([name, p]) => [name, sampleValue(name, p, idOf, n)])
      .filter(([, value]) => value !== undefined),
  );
}

/** Resources in an order where each comes after those it refers to, so their records can be made in turn. */
export function byReferenceOrder(resources: string[]): string[] {
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name) || path.includes(name) || !resourceMap[name]) return;
    for (const p of Object.values(resourceSchema(resourceNamed(name)).properties)) {
      const target = p['x-ref'] ?? listTarget(p);
      if (target) visit(target, [...path, name]);
    }
    if (resources.includes(name)) ordered.push(name);
  };
  for (const name of resources) visit(name, []);
  return ordered;
}
