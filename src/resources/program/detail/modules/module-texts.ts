/**
 * Each module's own words on its tab (spec 2 §8 for the toasts), as catalogue keys: the type
 * kind's name sits inside each text, so each language words it as its grammar needs.
 */
import type { MessageKey } from '../../../../i18n/catalogue';
import type { ProgramModule } from '../../../../providers/program-calls';

export interface ModuleTexts {
  activated: MessageKey;
  empty: MessageKey;
  added: MessageKey;
  edited: MessageKey;
  removed: MessageKey;
  addFailed: MessageKey;
  editFailed: MessageKey;
  removeFailed: MessageKey;
  editTooltip: MessageKey;
  search: MessageKey;
  add: MessageKey;
  edit: MessageKey;
  createNew: MessageKey;
  loading: MessageKey;
  existing: MessageKey;
}

export const MODULE_TEXTS: Record<ProgramModule, ModuleTexts> = {
  beneficiaries: {
    activated: 'app.program.module_types.beneficiaries.activated',
    empty: 'app.program.module_types.beneficiaries.empty',
    added: 'app.program.module_types.beneficiaries.added',
    edited: 'app.program.module_types.beneficiaries.edited',
    removed: 'app.program.module_types.beneficiaries.removed',
    addFailed: 'app.program.module_types.beneficiaries.add_failed',
    editFailed: 'app.program.module_types.beneficiaries.edit_failed',
    removeFailed: 'app.program.module_types.beneficiaries.remove_failed',
    editTooltip: 'app.program.module_types.beneficiaries.edit_tooltip',
    search: 'app.program.module_types.beneficiaries.search',
    add: 'app.program.module_types.beneficiaries.add',
    edit: 'app.program.module_types.beneficiaries.edit',
    createNew: 'app.program.module_types.beneficiaries.create_new',
    loading: 'app.program.module_types.beneficiaries.loading',
    existing: 'app.program.module_types.beneficiaries.existing',
  },
  locations: {
    activated: 'app.program.module_types.locations.activated',
    empty: 'app.program.module_types.locations.empty',
    added: 'app.program.module_types.locations.added',
    edited: 'app.program.module_types.locations.edited',
    removed: 'app.program.module_types.locations.removed',
    addFailed: 'app.program.module_types.locations.add_failed',
    editFailed: 'app.program.module_types.locations.edit_failed',
    removeFailed: 'app.program.module_types.locations.remove_failed',
    editTooltip: 'app.program.module_types.locations.edit_tooltip',
    search: 'app.program.module_types.locations.search',
    add: 'app.program.module_types.locations.add',
    edit: 'app.program.module_types.locations.edit',
    createNew: 'app.program.module_types.locations.create_new',
    loading: 'app.program.module_types.locations.loading',
    existing: 'app.program.module_types.locations.existing',
  },
  events: {
    activated: 'app.program.module_types.events.activated',
    empty: 'app.program.module_types.events.empty',
    added: 'app.program.module_types.events.added',
    edited: 'app.program.module_types.events.edited',
    removed: 'app.program.module_types.events.removed',
    addFailed: 'app.program.module_types.events.add_failed',
    editFailed: 'app.program.module_types.events.edit_failed',
    removeFailed: 'app.program.module_types.events.remove_failed',
    editTooltip: 'app.program.module_types.events.edit_tooltip',
    search: 'app.program.module_types.events.search',
    add: 'app.program.module_types.events.add',
    edit: 'app.program.module_types.events.edit',
    createNew: 'app.program.module_types.events.create_new',
    loading: 'app.program.module_types.events.loading',
    existing: 'app.program.module_types.events.existing',
  },
  cases: {
    activated: 'app.program.module_types.cases.activated',
    empty: 'app.program.module_types.cases.empty',
    added: 'app.program.module_types.cases.added',
    edited: 'app.program.module_types.cases.edited',
    removed: 'app.program.module_types.cases.removed',
    addFailed: 'app.program.module_types.cases.add_failed',
    editFailed: 'app.program.module_types.cases.edit_failed',
    removeFailed: 'app.program.module_types.cases.remove_failed',
    editTooltip: 'app.program.module_types.cases.edit_tooltip',
    search: 'app.program.module_types.cases.search',
    add: 'app.program.module_types.cases.add',
    edit: 'app.program.module_types.cases.edit',
    createNew: 'app.program.module_types.cases.create_new',
    loading: 'app.program.module_types.cases.loading',
    existing: 'app.program.module_types.cases.existing',
  },
  surveys: {
    activated: 'app.program.module_types.surveys.activated',
    empty: 'app.program.module_types.surveys.empty',
    added: 'app.program.module_types.surveys.added',
    edited: 'app.program.module_types.surveys.edited',
    removed: 'app.program.module_types.surveys.removed',
    addFailed: 'app.program.module_types.surveys.add_failed',
    editFailed: 'app.program.module_types.surveys.edit_failed',
    removeFailed: 'app.program.module_types.surveys.remove_failed',
    editTooltip: 'app.program.module_types.surveys.edit_tooltip',
    search: 'app.program.module_types.surveys.search',
    add: 'app.program.module_types.surveys.add',
    edit: 'app.program.module_types.surveys.edit',
    createNew: 'app.program.module_types.surveys.create_new',
    loading: 'app.program.module_types.surveys.loading',
    existing: 'app.program.module_types.surveys.existing',
  },
  permission: {
    activated: 'app.program.module_types.permission.activated',
    empty: 'app.program.module_types.permission.empty',
    added: 'app.program.module_types.permission.added',
    edited: 'app.program.module_types.permission.edited',
    removed: 'app.program.module_types.permission.removed',
    addFailed: 'app.program.module_types.permission.add_failed',
    editFailed: 'app.program.module_types.permission.edit_failed',
    removeFailed: 'app.program.module_types.permission.remove_failed',
    editTooltip: 'app.program.module_types.permission.edit_tooltip',
    search: 'app.program.module_types.permission.search',
    add: 'app.program.module_types.permission.add',
    edit: 'app.program.module_types.permission.edit',
    createNew: 'app.program.module_types.permission.create_new',
    loading: 'app.program.module_types.permission.loading',
    existing: 'app.program.module_types.permission.existing',
  },
};
