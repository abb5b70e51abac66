/**
 * The report's three tables as rows of text, once: the page shows them and the CSV download
 * writes exactly them (model/csv.ts: byte-order mark, formulas defused). A column per week, named
 * by its Monday, DD-MM-YYYY as the console shows dates; a goal's weeks hold its count at each
 * week's end, its percentage is today's (achieved x 100 / target, spec 2 §3).
 */
import { MODULE_KINDS, isDocumentModule } from '@model/documents/modules';
import type { ProgramReport } from './report-calls';

export interface ReportTable {
  /** Also the CSV's file name (with the program's name). */
  title: string;
  header: string[];
  rows: string[][];
}

export const weekLabel = (monday: string) => monday.split('-').reverse().join('-');
const percent = (achieved: number, target: number) => `${Math.round((achieved * 100) / target)}%`;
const moduleLabel = (module: string) => (isDocumentModule(module) ? MODULE_KINDS[module].label : module);

export function goalTable(report: ProgramReport): ReportTable {
  const rows = report.goals.map((g) => [g.name, String(g.target), ...g.achieved.map(String), percent(g.achieved.at(-1) ?? 0, g.target)]);
  return { title: 'Goal progress', header: ['Goal', 'Target', ...report.weeks.map(weekLabel), 'Percentage'], rows };
}

export function documentsTable(report: ProgramReport): ReportTable {
  const rows = report.documents.map((d) => [moduleLabel(d.module), d.type_name, ...d.counts.map(String), String(d.total)]);
  return { title: 'Documents per week', header: ['Module', 'Document Type', ...report.weeks.map(weekLabel), 'All time'], rows };
}

export function teamTable(report: ProgramReport): ReportTable {
  const rows = report.team.map((m) => [
    m.name,
    m.program_head ? 'Program head' : 'Team member',
    String(m.submitted),
    String(m.processed),
    String(m.submitted - m.processed),
  ]);
  return { title: 'Team members', header: ['Name', 'Role', 'Submitted', 'Processed', 'Not processed'], rows };
}
