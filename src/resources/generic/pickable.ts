/**
 * Which records a reference picker offers: active ones (for a resource with a status), and
 * for forms only published ones — a draft cannot be filled in, and the server refuses it
 * ("Form is not published").
 */
import { resourceEntry, type ResourceName } from '@model/schema-registry';

const ONLY: Partial<Record<string, Record<string, unknown>>> = {
  'custom-form': { has_published: true },
};

export function pickableFilter(reference: ResourceName): Record<string, unknown> | undefined {
  const statusField = resourceEntry(reference).status;
  const filter = { ...(statusField ? { [statusField]: true } : {}), ...ONLY[reference] };
  return Object.keys(filter).length ? filter : undefined;
}
