/**
 * A program's goals as slides: achieved / target, the goal's name and a progress bar, as many
 * side by side as the window allows (spec 2 §9). The track is a CSS scroll-snap strip — swipe
 * or scroll it, or use the arrows — so the browser does the animation and keyboard scrolling.
 * While achieved counts cannot come from documents yet, a caption says so instead of letting
 * the zeros pass for real progress.
 */
import { useRef } from 'react';
import { Box, IconButton, LinearProgress, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useT } from '../../../i18n/use-t';
import { goalPercent, goalSlidesPerView } from './carousel-slides';
import { useWindowWidth } from './use-window-width';

export interface CarouselGoal {
  _id: string;
  name?: string;
  target: number;
  achieve?: number;
  /** false (or absent) while achieved counts cannot come from documents. */
  achieve_counted?: boolean;
}

const GAP = 12;

const Slide = ({ goal, dense }: { goal: CarouselGoal; dense: boolean }) => {
  const t = useT();
  const achieve = goal.achieve ?? 0;
  const percent = goalPercent(achieve, goal.target);
  return (
    <Box
      role="group"
      aria-roledescription={t('app.program.carousel.slide_role')}
      aria-label={t('app.program.carousel.slide', { name: goal.name ?? t('app.program.carousel.goal'), achieve, target: goal.target })}
      sx={{
        scrollSnapAlign: 'start',
        minWidth: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        px: dense ? 1.25 : 1.5,
        py: dense ? 0.75 : 1.25,
      }}
    >
      <Typography variant={dense ? 'subtitle1' : 'h6'} component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {achieve}
        <Typography component="span" color="text.secondary" sx={{ fontWeight: 400, fontSize: '0.8em' }}>
          {` / ${goal.target}`}
        </Typography>
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap title={goal.name}>
        {goal.name ?? '—'}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(percent, 100)}
        aria-label={t('app.program.carousel.percent_of_target', { percent })}
        sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
};

/** Whether the achieved counts of these goals cannot come from documents yet. */
export const countsPending = (goals: CarouselGoal[]) => goals.some((g) => g.achieve_counted !== true);

export interface GoalCarouselProps {
  goals: CarouselGoal[];
  dense?: boolean;
  /** Say under the slides that counts start once documents arrive (default); off where the page says it once. */
  countNote?: boolean;
}

export const GoalCarousel = ({ goals, dense = false, countNote = true }: GoalCarouselProps) => {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  // Slides keep the width the window gives them, however few goals there are, so carousels stacked on a page line up.
  const perView = goalSlidesPerView(useWindowWidth());
  if (!goals.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('app.program.carousel.no_goals')}
      </Typography>
    );
  const paged = goals.length > perView;
  const move = (direction: 1 | -1) => {
    const strip = track.current;
    // jsdom has no scrollBy; a real browser always does.
    strip?.scrollBy?.({ left: direction * (strip.clientWidth + GAP), behavior: 'smooth' });
  };

  return (
    <Box
      role="region"
      aria-roledescription={t('app.program.carousel.carousel')}
      aria-label={t('app.program.carousel.region')}
      sx={{ minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {paged && (
          <IconButton size="small" aria-label={t('app.program.carousel.previous')} onClick={() => move(-1)}>
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
        )}
        <Box
          ref={track}
          data-slides-per-view={perView}
          // A strip that scrolls must be reachable by keyboard (arrow keys scroll it once focused).
          tabIndex={paged ? 0 : undefined}
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: `calc((100% - ${(perView - 1) * GAP}px) / ${perView})`,
            gap: `${GAP}px`,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            overscrollBehaviorX: 'contain',
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
          }}
        >
          {goals.map((goal) => (
            <Slide key={goal._id} goal={goal} dense={dense} />
          ))}
        </Box>
        {paged && (
          <IconButton size="small" aria-label={t('app.program.carousel.next')} onClick={() => move(1)}>
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {countNote && countsPending(goals) && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('app.program.common.not_counted')}
        </Typography>
      )}
    </Box>
  );
};
