/**
 * Documents submitted per day as bars (@mui/x-charts). Its own chunk: the charts library loads
 * only when the dashboard draws the chart, not with the console's first screen.
 */
import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DocumentsOnDay } from '../../providers/document-calls';
import { formatCount } from '../document-format';
import { useT } from '../../i18n/use-t';

/** "2026-11-26" → "26-11-2026" (spec 1 §9); the axis shows "26-11". */
const fullDay = (day: string) => day.split('-').reverse().join('-');
const shortDay = (day: string) => fullDay(day).slice(0, 5);

export default function DailyChart({ days }: { days: DocumentsOnDay[] }) {
  const theme = useTheme();
  const t = useT();
  return (
    <BarChart
      height={260}
      dataset={days.map((d) => ({ day: d.day, count: d.count }))}
      xAxis={[
        {
          scaleType: 'band',
          dataKey: 'day',
          valueFormatter: (day: string, context) => (context.location === 'tick' ? shortDay(day) : fullDay(day)),
        },
      ]}
      yAxis={[{ valueFormatter: (n: number) => formatCount(n), width: 56 }]}
      series={[
        {
          dataKey: 'count',
          label: t('app.documents.dashboard.chart_series'),
          color: theme.palette.secondary.main,
          valueFormatter: (n) => formatCount(n ?? 0),
        },
      ]}
      hideLegend
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
