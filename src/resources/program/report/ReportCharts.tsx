/**
 * The report's charts (@mui/x-charts), a chunk of their own loaded when the report is drawn, as
 * the dashboard's chart is: goal progress as lines against 100 %, documents per week as bars
 * stacked by type, team members' submitted and processed documents side by side.
 */
import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useT } from '../../../i18n/use-t';
import type { ProgramReport } from './report-calls';
import { weekLabel } from './report-tables';

const HEIGHT = 260;
const shortWeek = (monday: string) => weekLabel(monday).slice(0, 5);

export function GoalChart({ report }: { report: ProgramReport }) {
  return (
    <LineChart
      height={HEIGHT}
      skipAnimation
      xAxis={[
        { scaleType: 'point', data: report.weeks, valueFormatter: (w: string, c) => (c.location === 'tick' ? shortWeek(w) : weekLabel(w)) },
      ]}
      yAxis={[{ valueFormatter: (n: number) => `${n}%`, width: 48 }]}
      series={report.goals.map((g) => ({
        label: g.name,
        data: g.achieved.map((n) => Math.round((n * 100) / g.target)),
        curve: 'linear' as const,
        valueFormatter: (n: number | null) => `${n ?? 0}%`,
      }))}
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}

export function DocumentsChart({ report }: { report: ProgramReport }) {
  return (
    <BarChart
      height={HEIGHT}
      skipAnimation
      xAxis={[
        { scaleType: 'band', data: report.weeks, valueFormatter: (w: string, c) => (c.location === 'tick' ? shortWeek(w) : weekLabel(w)) },
      ]}
      yAxis={[{ tickMinStep: 1, width: 48 }]}
      series={report.documents.map((d) => ({ label: d.type_name, data: d.counts, stack: 'documents' }))}
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}

export function TeamChart({ report }: { report: ProgramReport }) {
  const theme = useTheme();
  const t = useT();
  return (
    <BarChart
      height={Math.max(HEIGHT, 40 * report.team.length)}
      skipAnimation
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: report.team.map((m) => m.name), width: 120 }]}
      xAxis={[{ tickMinStep: 1, valueFormatter: (n: number) => String(Math.round(n)) }]}
      series={[
        { label: t('app.program.report.submitted'), data: report.team.map((m) => m.submitted), color: theme.palette.primary.main },
        { label: t('app.program.report.processed'), data: report.team.map((m) => m.processed), color: theme.palette.secondary.main },
      ]}
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
