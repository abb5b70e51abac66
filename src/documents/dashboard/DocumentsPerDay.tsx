/** The documents-per-day card: the chart (loaded on demand), a spinner while loading, a neutral note when there is nothing to draw. */
import { lazy, Suspense } from 'react';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { formatCount } from '../document-format';
import { CHART_DAYS, useDocumentsPerDay } from './dashboard-queries';
import { useT } from '../../i18n/use-t';

const DailyChart = lazy(() => import('./DailyChart'));

const Centered = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ height: 260, display: 'grid', placeItems: 'center' }}>{children}</Box>
);

export function DocumentsPerDay() {
  const { data, isPending } = useDocumentsPerDay();
  const t = useT();
  const total = data?.reduce((sum, d) => sum + d.count, 0) ?? 0;
  return (
    <Card component="section" aria-label={t('app.documents.dashboard.per_day')}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('app.documents.dashboard.per_day')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data
              ? t('app.documents.dashboard.per_day_total', { count: formatCount(total), days: CHART_DAYS })
              : t('app.documents.dashboard.per_day_range', { days: CHART_DAYS })}
          </Typography>
        </Box>
        {isPending ? (
          <Centered>
            <CircularProgress aria-label={t('app.documents.dashboard.loading_per_day')} />
          </Centered>
        ) : data && data.length > 0 ? (
          <Suspense
            fallback={
              <Centered>
                <CircularProgress aria-label={t('app.documents.dashboard.loading_per_day')} />
              </Centered>
            }
          >
            <DailyChart days={data} />
          </Suspense>
        ) : (
          <Centered>
            <Typography color="text.secondary">{t('app.documents.dashboard.nothing_to_chart')}</Typography>
          </Centered>
        )}
      </CardContent>
    </Card>
  );
}
