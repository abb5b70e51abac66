/** The three counts (spec 1 §2): programs, custom forms, documents saved — with thousands separators. */
import { Box, Card, CardContent, CircularProgress, Grid, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import DescriptionIcon from '@mui/icons-material/Description';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import type { DashboardCounts } from '../../providers/document-calls';
import { formatCount } from '../document-format';
import { useDashboardCounts } from './dashboard-queries';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';

const CARDS: Array<{ key: keyof DashboardCounts; words: MessageKey; Icon: typeof AssignmentIcon }> = [
  { key: 'programsCount', words: 'app.documents.dashboard.programs_count', Icon: AssignmentIcon },
  { key: 'formsCount', words: 'app.documents.dashboard.forms_count', Icon: DynamicFormIcon },
  { key: 'totalDocumentCount', words: 'app.documents.dashboard.documents_count', Icon: DescriptionIcon },
];

export function CountCards() {
  const { data, isPending } = useDashboardCounts();
  const t = useT();
  return (
    <Grid container spacing={2}>
      {CARDS.map(({ key, words, Icon }) => {
        const label = t(words);
        return (
          <Grid key={key} size={{ xs: 12, sm: 4 }}>
            <Card component="section" aria-label={label} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <Box
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 48,
                    height: 48,
                    borderRadius: '50%',
                    bgcolor: 'action.hover',
                    flexShrink: 0,
                  }}
                >
                  <Icon color="secondary" />
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  {isPending ? (
                    <CircularProgress size={22} aria-label={t('app.documents.dashboard.loading_count', { label })} sx={{ mt: 0.5 }} />
                  ) : (
                    // A failed read shows a dash: the error is logged, not shown (spec 1 §8).
                    <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                      {data ? formatCount(data[key]) : '—'}
                    </Typography>
                  )}
                </Box>
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
