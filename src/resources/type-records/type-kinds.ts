/**
 * The six kinds of record a program holds, one per module tab: the program's list that holds
 * them, their resource, and the words spec 2 §8 uses for them ('Cases Type' for cases, as the
 * spec has it). The words are read in the language in use each time they are read.
 */
import type { ResourceName } from '@model/schema-registry';
import type { ProgramModule, TypeList } from '../../providers/program-calls';
import type { MessageKey } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/use-t';
import { translate } from '../../providers/i18n-provider';

export interface TypeKind {
  module: ProgramModule;
  /** The program's list of this kind's ids (and, in the full program, the records). */
  list: TypeList;
  resource: ResourceName;
  /** What the messages call one ('Added Beneficiary Type Successfully'). */
  readonly what: string;
  /** What the module is called in its messages ('Beneficiary module activated'). */
  readonly moduleName: string;
  /** What an empty list says. */
  readonly emptyText: string;
}

/** A kind whose words are catalogue keys, translated whenever one is read. */
function kind(
  module: ProgramModule,
  list: TypeList,
  resource: ResourceName,
  words: { what: MessageKey; moduleName: MessageKey; emptyText: MessageKey },
): TypeKind {
  return {
    module,
    list,
    resource,
    get what() {
      return translate(words.what);
    },
    get moduleName() {
      return translate(words.moduleName);
    },
    get emptyText() {
      return translate(words.emptyText);
    },
  };
}

export const TYPE_KINDS: Record<ProgramModule, TypeKind> = {
  beneficiaries: kind('beneficiaries', 'beneficiary_types', 'beneficiary_type', {
    what: 'app.people.types.what.beneficiary',
    moduleName: 'app.people.types.module.beneficiary',
    emptyText: 'app.people.types.empty.beneficiary',
  }),
  locations: kind('locations', 'location_types', 'location_type', {
    what: 'app.people.types.what.location',
    moduleName: 'app.people.types.module.location',
    emptyText: 'app.people.types.empty.location',
  }),
  events: kind('events', 'event_types', 'event_type', {
    what: 'app.people.types.what.event',
    moduleName: 'app.people.types.module.event',
    emptyText: 'app.people.types.empty.event',
  }),
  cases: kind('cases', 'case_types', 'case_type', {
    what: 'app.people.types.what.case',
    moduleName: 'app.people.types.module.case',
    emptyText: 'app.people.types.empty.case',
  }),
  surveys: kind('surveys', 'survey_types', 'survey_type', {
    what: 'app.people.types.what.survey',
    moduleName: 'app.people.types.module.survey',
    emptyText: 'app.people.types.empty.survey',
  }),
  permission: kind('permission', 'permission_files', 'permission_file', {
    what: 'app.people.types.what.permission',
    moduleName: 'app.people.types.module.permission',
    emptyText: 'app.people.types.empty.permission',
  }),
};

/** Spec 2 §8, word for word, about one record of a kind (`what`: the kind's `what`). */
export const typeMessages = (what: string, t: Translate = translate) => ({
  added: t('app.people.types.added', { what }),
  edited: t('app.people.types.edited', { what }),
  removed: t('app.people.types.removed', { what }),
  addFailed: t('app.people.types.add_failed', { what }),
  editFailed: t('app.people.types.edit_failed', { what }),
  removeFailed: t('app.people.types.remove_failed', { what }),
});
