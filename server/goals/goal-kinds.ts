/**
 * The five kinds of record a goal can count (a goal's document_type), each with the program's
 * list that attaches types of that kind, the generic resource whose table holds them, and the
 * field POST /goal/target names one by.
 */
import type { Goal } from '@model/generated/index.ts';
import { resourceEntry, type ResourceName } from '@model/schema-registry.ts';

export type DocumentType = Goal['document_type'];

export type TypeList = 'beneficiary_types' | 'location_types' | 'event_types' | 'survey_types' | 'case_types';

export interface GoalKind {
  /** The program's jsonb list of attached type ids. */
  list: TypeList;
  /** The generic resource (and table) of the type records. */
  resource: ResourceName & string;
  /** The field POST /goal/target names the type by. */
  idField: string;
}

export const GOAL_KINDS: Record<DocumentType, GoalKind> = {
  BENEFICIARY: { list: 'beneficiary_types', resource: 'beneficiary_type', idField: 'beneficiary_type_id' },
  LOCATION: { list: 'location_types', resource: 'location_type', idField: 'location_type_id' },
  EVENT: { list: 'event_types', resource: 'event_type', idField: 'event_type_id' },
  SURVEY: { list: 'survey_types', resource: 'survey_type', idField: 'survey_type_id' },
  CASE: { list: 'case_types', resource: 'case_type', idField: 'case_type_id' },
};

export const DOCUMENT_TYPES = Object.keys(GOAL_KINDS) as DocumentType[];

/** "Beneficiary Type": the map's label, as messages name the kind. */
export const kindLabel = (type: DocumentType): string => resourceEntry(GOAL_KINDS[type].resource).label.one;
