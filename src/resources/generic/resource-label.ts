/**
 * A resource's name, one and many, in the language in use (the catalogue's
 * `resources.<name>.name`, generated from the map's label), and lower-cased for the middle of a
 * sentence ("Search designations").
 */
import { resourceEntry, type ResourceName } from '@model/schema-registry';
import type { Translate } from '../../i18n/use-t';
import { useT } from '../../i18n/use-t';

export interface ResourceLabel {
  one: string;
  many: string;
  /** Both for the middle of a sentence. */
  oneLower: string;
  manyLower: string;
}

export function resourceLabel(t: Translate, resource: ResourceName): ResourceLabel {
  const { label } = resourceEntry(resource);
  const one = t(`resources.${resource}.name`, { smart_count: 1, _: label.one });
  const many = t(`resources.${resource}.name`, { smart_count: 2, _: label.many });
  return { one, many, oneLower: one.toLocaleLowerCase(), manyLower: many.toLocaleLowerCase() };
}

export const useResourceLabel = (resource: ResourceName): ResourceLabel => resourceLabel(useT(), resource);
