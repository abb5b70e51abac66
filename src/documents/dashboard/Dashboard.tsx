/**
 * /dashboard (spec 1 §2): a greeting, the three counts, documents per day, and the recently
 * processed documents; a row opens the document drawer. The sections load as their own chunk.
 */
import { lazy, Suspense } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useSession } from '../../session/useSession';
import { useT } from '../../i18n/use-t';

const DashboardSections = lazy(() => import('./DashboardSections'));

export const Dashboard = () => {
  const { user } = useSession();
  const t = useT();
  return (
    // inline-size containment: the wide table scrolls inside its card instead of widening the page on a phone.
    <Box sx={{ p: { xs: 2, md: 3 }, minWidth: 0, contain: 'inline-size' }}>
      <Title title={t('app.documents.dashboard.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('app.documents.dashboard.welcome', { name: user?.first_name ?? '' })}
      </Typography>
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('app.documents.dashboard.loading')} />
          </Box>
        }
      >
        <DashboardSections />
      </Suspense>
    </Box>
  );
};
