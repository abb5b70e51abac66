/**
 * One program in the list: its image (or initials), name and 'Last updated' date, opening the
 * program; its goals as a carousel beneath; and, on the status lists, Deactivate or Activate.
 */
import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ProgramRecord } from '../../../providers/program-calls';
import { useT } from '../../../i18n/use-t';
import { GoalCarousel, type CarouselGoal } from '../shared/GoalCarousel';
import { ProgramAvatar } from '../shared/ProgramAvatar';
import { lastUpdated } from '../shared/program-dates';

export const ProgramCard = ({ program, action }: { program: ProgramRecord; action?: ReactNode }) => {
  const t = useT();
  const goals = (program.goals ?? []) as CarouselGoal[];
  return (
    // minWidth 0 (a flex item of the list) and a clipped carousel box: the carousel's strip would
    // otherwise lend the card the width of all its slides and widen the page on a phone.
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: { xs: 1, sm: 2 } }}>
        <CardActionArea
          component={RouterLink}
          to={`/program/${program.id}`}
          // Width 0 and grow: a long name is cut with an ellipsis instead of widening the page on a phone.
          sx={{ display: 'flex', justifyContent: 'flex-start', alignItems: 'center', gap: 2, p: { xs: 1.5, sm: 2 }, flex: 1, width: 0 }}
        >
          <ProgramAvatar name={program.name} photo={program.photo} />
          <Box sx={{ flex: 1, width: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap title={program.name}>
              {program.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('app.program.list.last_updated', { date: lastUpdated(program) })}
            </Typography>
          </Box>
          {program.status === false && <Chip size="small" label={t('app.program.common.deactivated')} sx={{ ml: 'auto', flexShrink: 0 }} />}
        </CardActionArea>
        {action}
      </Box>
      <Box sx={{ px: { xs: 1.5, sm: 2 }, pb: { xs: 1.5, sm: 2 }, minWidth: 0, overflow: 'hidden' }}>
        <GoalCarousel goals={goals} countNote={false} />
      </Box>
    </Card>
  );
};
