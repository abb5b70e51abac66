/**
 * The program's lists of type records: each list names the generic table its ids point into
 * (the kinds a goal counts are server/goals/goal-kinds.ts).
 */
import { resourceEntry, type ResourceName } from '@model/schema-registry.ts';

export const TYPE_LISTS = {
  beneficiary_types: 'beneficiary_type',
  location_types: 'location_type',
  event_types: 'event_type',
  survey_types: 'survey_type',
  case_types: 'case_type',
  permission_files: 'permission_file',
} as const satisfies Record<string, ResourceName>;

export type TypeList = keyof typeof TYPE_LISTS;
export const TYPE_LIST_NAMES = Object.keys(TYPE_LISTS) as TypeList[];

/** "Beneficiary Type", "Permission File": the type's label, as messages name it. */
export const typeLabel = (list: TypeList): string => resourceEntry(TYPE_LISTS[list]).label.one;

export const PROGRAM_MODULES = ['beneficiaries', 'locations', 'events', 'cases', 'surveys', 'permission'] as const;
export type ProgramModule = (typeof PROGRAM_MODULES)[number];
