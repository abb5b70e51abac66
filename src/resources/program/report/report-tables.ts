/**
 * The report's three tables as rows of text, once: the page shows them and the CSV download
 * writes exactly them (model/csv.ts: byte-order mark, formulas defused). A column per week, named
 * by its Monday, DD-MM-YYYY as the console shows dates; a goal's weeks hold its count at each
 * week's end, its percentage is today's (achieved x 100 / target, spec 2 §3).
 */
import { isDocumentModule, type DocumentModule } from '@model/documents/modules';
import type { MessageKey } from '../../../i18n/catalogue';
import type { Translate } from '../../../i18n/use-t';
import type { ProgramReport } from './report-calls';

export interface ReportTable {
  /** Also the CSV's file name (with the program's name). */
  title: string;
  header: string[];
  rows: string[][];
}

export const weekLabel = (monday: string) => monday.split('-').reverse().join('-');
const percent = (achieved: number, target: number) => `${Math.round((achieved * 100) / target)}%`;
/** As menus and headings show the module (model/documents/modules.ts). */
const MODULE_LABELS: Record<DocumentModule, MessageKey> = {
  beneficiaries: 'app.program.tabs.beneficiaries',
  locations: 'app.program.tabs.locations',
  events: 'app.program.tabs.events',
  cases: 'app.program.tabs.cases',
  surveys: 'app.program.tabs.surveys',
};
const moduleLabel = (t: Translate, module: string) => (isDocumentModule(module) ? t(MODULE_LABELS[module]) : module);

export function goalTable(report: ProgramReport, t: Translate): ReportTable {
  const rows = report.goals.map((g) => [g.name, String(g.target), ...g.achieved.map(String), percent(g.achieved.at(-1) ?? 0, g.target)]);
  return {
    title: t('app.program.report.goal_progress'),
    header: [
      t('resources.goal.fields.name'),
      t('resources.goal.fields.target'),
      ...report.weeks.map(weekLabel),
      t('app.program.goals.percentage'),
    ],
    rows,
  };
}

export function documentsTable(report: ProgramReport, t: Translate): ReportTable {
  const rows = report.documents.map((d) => [moduleLabel(t, d.module), d.type_name, ...d.counts.map(String), String(d.total)]);
  return {
    title: t('app.program.report.documents_per_week'),
    header: [
      t('app.program.module_status.module'),
      t('app.program.report.document_type'),
      ...report.weeks.map(weekLabel),
      t('app.program.report.all_time'),
    ],
    rows,
  };
}

export function teamTable(report: ProgramReport, t: Translate): ReportTable {
  const rows = report.team.map((m) => [
    m.name,
    m.program_head ? t('app.program.common.program_head') : t('app.program.report.team_member'),
    String(m.submitted),
    String(m.processed),
    String(m.submitted - m.processed),
  ]);
  return {
    title: t('app.program.report.team_members'),
    header: [
      t('app.program.common.name'),
      t('app.program.report.role'),
      t('app.program.report.submitted'),
      t('app.program.report.processed'),
      t('app.program.report.not_processed'),
    ],
    rows,
  };
}
