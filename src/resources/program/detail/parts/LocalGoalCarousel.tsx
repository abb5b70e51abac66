/**
 * The goals of a program side by side, achieved / target and name, at most 4 at a time (3 below
 * 1199 px, 2 below 1024, 1 below 630: spec 2 §9), the rest a swipe or an arrow away. Same props as
 * the program list's GoalCarousel (src/resources/program/shared/GoalCarousel.tsx), which replaces it.
 */
import { useRef } from 'react';
import { Box, IconButton, LinearProgress, Paper, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Goal } from '@model/generated';

const PER_VIEW = { base: 4, below1199: 3, below1024: 2, below630: 1 };
const slideWidth = (n: number) => `calc((100% - ${(n - 1) * 12}px) / ${n})`;

export const GoalCarousel = ({ goals, dense = false }: { goals: readonly Goal[]; dense?: boolean }) => {
  const track = useRef<HTMLDivElement>(null);
  if (!goals.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No goals yet
      </Typography>
    );
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth, behavior: 'smooth' });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} aria-label="Goals" role="region">
      <IconButton size="small" aria-label="Previous goals" onClick={() => scroll(-1)}>
        <ChevronLeftIcon />
      </IconButton>
      <Box
        ref={track}
        sx={{
          display: 'flex',
          gap: '12px',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          flex: 1,
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          '& > *': {
            flex: `0 0 ${slideWidth(PER_VIEW.base)}`,
            scrollSnapAlign: 'start',
            '@media (max-width: 1198.95px)': { flexBasis: slideWidth(PER_VIEW.below1199) },
            '@media (max-width: 1023.95px)': { flexBasis: slideWidth(PER_VIEW.below1024) },
            '@media (max-width: 629.95px)': { flexBasis: slideWidth(PER_VIEW.below630) },
          },
        }}
      >
        {goals.map((goal) => {
          const achieve = goal.achieve ?? 0;
          return (
            <Paper key={goal._id ?? goal.goal_type} variant="outlined" sx={{ p: dense ? 1 : 1.5, minWidth: 0 }}>
              <Typography variant={dense ? 'body2' : 'subtitle1'} sx={{ fontWeight: 700 }}>
                {`${achieve} / ${goal.target}`}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={goal.name}>
                {goal.name}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, goal.target > 0 ? (achieve * 100) / goal.target : 0)}
                sx={{ mt: 1, height: 6, borderRadius: 3 }}
                aria-label={`${goal.name ?? 'Goal'}: ${achieve} of ${goal.target}`}
              />
            </Paper>
          );
        })}
      </Box>
      <IconButton size="small" aria-label="Next goals" onClick={() => scroll(1)}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
};
