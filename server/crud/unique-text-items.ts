/**
 * `uniqueItems` on a list of text means different words, not different bytes: "Open" and
 * "open " are one status. ajv compares exactly (after the body's text was trimmed), so the
 * generic store compares again, trimmed and case-insensitively, worded by the property's
 * x-messages.uniqueItems. Lists of references (`x-ref` items) hold ids and are left to ajv.
 */
import type { EntitySchema, PropertySchema } from '@model/schema-registry.ts';
import { trimText } from '@model/trim-text.ts';
import { problems } from '../http/errors.ts';

type Row = Record<string, unknown>;

const isText = (s: unknown): boolean => {
  const p = s as PropertySchema | undefined;
  if (!p || p['x-ref']) return false;
  return p.type === 'string' || typeof p.const === 'string' || (Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string'));
};

/** A list of text: its items (one schema, or a tuple and what follows it) are all strings. */
function isTextList(p: PropertySchema): boolean {
  if (p.type !== 'array' || p.uniqueItems !== true) return false;
  if (Array.isArray(p.items)) return p.items.every(isText) && (p.additionalItems === undefined || isText(p.additionalItems));
  return isText(p.items);
}

const key = (v: unknown) => (typeof v === 'string' ? trimText(v).toLocaleLowerCase() : JSON.stringify(v));

/** 400 naming each text list of `body` that holds one word twice, whatever its case. */
export function assertTextItemsUnique(schema: EntitySchema, body: Row): void {
  const fields: Record<string, string> = {};
  for (const [field, p] of Object.entries(schema.properties)) {
    const value = body[field];
    if (!Array.isArray(value) || !isTextList(p)) continue;
    if (new Set(value.map(key)).size !== value.length)
      fields[field] = p['x-messages']?.uniqueItems ?? `${p.title ?? field} must not list the same value twice`;
  }
  if (Object.keys(fields).length) throw problems.validation(fields);
}
