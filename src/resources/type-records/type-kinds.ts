/**
 * The six kinds of record a program holds, one per module tab: the program's list that holds
 * them, their resource, and the words spec 2 §8 uses for them ('Cases Type' for cases, as the
 * spec has it).
 */
import type { ResourceName } from '@model/schema-registry';
import type { ProgramModule, TypeList } from '../../providers/program-calls';

export interface TypeKind {
  module: ProgramModule;
  /** The program's list of this kind's ids (and, in the full program, the records). */
  list: TypeList;
  resource: ResourceName;
  /** What the messages call one ('Added Beneficiary Type Successfully'). */
  what: string;
  /** What the module is called in its messages ('Beneficiary module activated'). */
  moduleName: string;
  /** What an empty list says. */
  emptyText: string;
}

export const TYPE_KINDS: Record<ProgramModule, TypeKind> = {
  beneficiaries: {
    module: 'beneficiaries',
    list: 'beneficiary_types',
    resource: 'beneficiary_type',
    what: 'Beneficiary Type',
    moduleName: 'Beneficiary',
    emptyText: 'No Beneficiary Type found',
  },
  locations: {
    module: 'locations',
    list: 'location_types',
    resource: 'location_type',
    what: 'Location Type',
    moduleName: 'Location',
    emptyText: 'No Location Type found',
  },
  events: {
    module: 'events',
    list: 'event_types',
    resource: 'event_type',
    what: 'Event Type',
    moduleName: 'Event',
    emptyText: 'No Event Found',
  },
  cases: {
    module: 'cases',
    list: 'case_types',
    resource: 'case_type',
    what: 'Cases Type',
    moduleName: 'Case',
    emptyText: 'No Case Type found',
  },
  surveys: {
    module: 'surveys',
    list: 'survey_types',
    resource: 'survey_type',
    what: 'Survey Type',
    moduleName: 'Survey',
    emptyText: 'No Survey Type found',
  },
  permission: {
    module: 'permission',
    list: 'permission_files',
    resource: 'permission_file',
    what: 'Permission File',
    moduleName: 'Permission',
    emptyText: 'No Permission File found',
  },
};

/** Spec 2 §8, word for word. */
export const typeMessages = (what: string) => ({
  added: `Added ${what} Successfully`,
  edited: `Edited ${what} Successfully`,
  removed: `Removed ${what} Successfully`,
  addFailed: `Error in Added ${what}`,
  editFailed: `Error in Edit ${what}`,
  removeFailed: `Error in Removing ${what}`,
});
