/** The detail page's 11 tabs, by index (spec 2 §2, §9: indexes 0 to 10), and the module each module tab shows. */
import type { ProgramModule } from '../../../providers/program-calls';

export const TAB_LABELS = [
  'Overview',
  'Goals',
  'Notifications',
  'Modules',
  'Beneficiaries',
  'Locations',
  'Events',
  'Cases',
  'Surveys',
  'Permission',
  'Teams',
] as const;

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
  label: string;
  /** As its messages name it: 'Beneficiary module deactivated'. */
  one: string;
}

export const MODULES: readonly ModuleInfo[] = [
  { module: 'beneficiaries', tab: 4, label: 'Beneficiaries', one: 'Beneficiary' },
  { module: 'locations', tab: 5, label: 'Locations', one: 'Location' },
  { module: 'events', tab: 6, label: 'Events', one: 'Event' },
  { module: 'cases', tab: 7, label: 'Cases', one: 'Case' },
  { module: 'surveys', tab: 8, label: 'Surveys', one: 'Survey' },
  { module: 'permission', tab: 9, label: 'Permissions', one: 'Permission' },
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
