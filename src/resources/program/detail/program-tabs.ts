/** The detail page's 11 tabs, by index (spec 2 §2, §9: indexes 0 to 10), and the module each module tab shows. */
import type { ProgramModule } from '../../../providers/program-calls';
import type { MessageKey } from '../../../i18n/catalogue';

export const TAB_LABELS: readonly MessageKey[] = [
  'app.program.tabs.overview',
  'app.program.tabs.goals',
  'app.program.tabs.notifications',
  'app.program.tabs.modules',
  'app.program.tabs.beneficiaries',
  'app.program.tabs.locations',
  'app.program.tabs.events',
  'app.program.tabs.cases',
  'app.program.tabs.surveys',
  'app.program.tabs.permission',
  'app.program.tabs.teams',
];

export const TAB = { overview: 0, goals: 1, notifications: 2, modules: 3, teams: 10 } as const;

/**
 * After the spec's eleven, the program's History (its change log), for those who may read it: a
 * role with can_get_audit, or the program's own heads.
 */
export const HISTORY_TAB = TAB_LABELS.length;

export interface ModuleInfo {
  module: ProgramModule;
  tab: number;
  /** As the Modules card and tab list it. */
  label: MessageKey;
  /** Its messages: 'Beneficiary module activated', 'Beneficiary module deactivated'. */
  activated: MessageKey;
  deactivated: MessageKey;
}

export const MODULES: readonly ModuleInfo[] = [
  {
    module: 'beneficiaries',
    tab: 4,
    label: 'app.program.tabs.beneficiaries',
    activated: 'app.program.module_types.beneficiaries.activated',
    deactivated: 'app.program.module_types.beneficiaries.deactivated',
  },
  {
    module: 'locations',
    tab: 5,
    label: 'app.program.tabs.locations',
    activated: 'app.program.module_types.locations.activated',
    deactivated: 'app.program.module_types.locations.deactivated',
  },
  {
    module: 'events',
    tab: 6,
    label: 'app.program.tabs.events',
    activated: 'app.program.module_types.events.activated',
    deactivated: 'app.program.module_types.events.deactivated',
  },
  {
    module: 'cases',
    tab: 7,
    label: 'app.program.tabs.cases',
    activated: 'app.program.module_types.cases.activated',
    deactivated: 'app.program.module_types.cases.deactivated',
  },
  {
    module: 'surveys',
    tab: 8,
    label: 'app.program.tabs.surveys',
    activated: 'app.program.module_types.surveys.activated',
    deactivated: 'app.program.module_types.surveys.deactivated',
  },
  {
    module: 'permission',
    tab: 9,
    label: 'app.program.module_status.permissions',
    activated: 'app.program.module_types.permission.activated',
    deactivated: 'app.program.module_types.permission.deactivated',
  },
];

export const moduleOfTab = (tab: number): ModuleInfo | undefined => MODULES.find((m) => m.tab === tab);

/**
 * The tab a `?tab=` value names; anything else (missing, not a whole number, out of range, the
 * History for one who may not read it) is the Overview.
 */
export function tabFromQuery(value: string | null, mayReadHistory = false): number {
  if (value === null || !/^\d{1,2}$/.test(value)) return TAB.overview;
  const tab = Number(value);
  return tab < TAB_LABELS.length || (tab === HISTORY_TAB && mayReadHistory) ? tab : TAB.overview;
}
