/**
 * /program/{id}/report, reached by 'Access Program Reports' on the program's Overview (spec 2 §2):
 * over the last weeks, goal progress, documents per module and type per week, and per team member
 * counts — each a chart and a table with its CSV. Counted from the documents I may read; open to
 * a role with can_get_program (the server refuses others anyway).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title } from 'react-admin';
import { NoPermission } from '../../generic/NoPermission';
import { useSession } from '../../../session/useSession';
import { useT } from '../../../i18n/use-t';
import { ProgramLoadState } from '../detail/parts/ProgramLoadState';
import { REPORT_WEEK_CHOICES, useProgramReport, type ProgramReport } from './report-calls';
import { documentsTable, goalTable, teamTable } from './report-tables';
import { ReportTableCard } from './ReportTableCard';

const charts = () => import('./ReportCharts');
const GoalChart = lazy(() => charts().then((m) => ({ default: m.GoalChart })));
const DocumentsChart = lazy(() => charts().then((m) => ({ default: m.DocumentsChart })));
const TeamChart = lazy(() => charts().then((m) => ({ default: m.TeamChart })));

const ChartSlot = ({ children }: { children: ReactNode }) => {
  const t = useT();
  return (
    <Suspense
      fallback={
        <Box sx={{ height: 260, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('app.program.report.loading_chart')} />
        </Box>
      }
    >
      <Box sx={{ mb: 2 }}>{children}</Box>
    </Suspense>
  );
};

const Report = ({ report }: { report: ProgramReport }) => {
  const t = useT();
  const name = report.program.name;
  return (
    <Stack spacing={2.5}>
      <ReportTableCard
        table={goalTable(report, t)}
        programName={name}
        empty={t('app.program.common.no_goal')}
        chart={
          <ChartSlot>
            <GoalChart report={report} />
          </ChartSlot>
        }
      />
      <ReportTableCard
        table={documentsTable(report, t)}
        programName={name}
        empty={t('app.program.report.no_document')}
        chart={
          <ChartSlot>
            <DocumentsChart report={report} />
          </ChartSlot>
        }
      />
      <ReportTableCard
        table={teamTable(report, t)}
        programName={name}
        empty={t('app.program.report.no_team_member')}
        chart={
          <ChartSlot>
            <TeamChart report={report} />
          </ChartSlot>
        }
      />
    </Stack>
  );
};

const ReportScreen = ({ id }: { id: string }) => {
  const t = useT();
  const [weeks, setWeeks] = useState<number>(12);
  const report = useProgramReport(id, weeks);
  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1400, minWidth: 0 }}>
      <Box>
        <Button component={RouterLink} to={`/program/${encodeURIComponent(id)}`} startIcon={<ArrowBackIcon />} size="small">
          {t('app.program.common.back_to_program')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {report.data ? t('app.program.report.title_named', { name: report.data.program.name }) : t('app.program.report.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('app.program.report.period')}
          value={weeks}
          onChange={(event) => setWeeks(Number(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          {REPORT_WEEK_CHOICES.map((n) => (
            <MenuItem key={n} value={n}>
              {t('app.program.report.last_weeks', { count: n })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('app.program.report.weeks_note')}
      </Typography>
      {report.data ? (
        <Report report={report.data} />
      ) : (
        <ProgramLoadState error={report.error} retrying={report.isFetching} onRetry={() => void report.refetch()} />
      )}
    </Stack>
  );
};

export default function ProgramReportPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const t = useT();
  return (
    // minWidth 0: a table of many weeks scrolls inside its card instead of widening the page.
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <Title title={t('app.program.report.title')} />
      {user?.role?.permission?.can_get_program === true ? (
        <ReportScreen id={id} />
      ) : (
        <NoPermission message={t('app.program.access.cannot_see_flag', { flag: 'can_get_program' })} />
      )}
    </Box>
  );
}
